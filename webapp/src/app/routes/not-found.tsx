import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router-dom';

import { ButtonLink } from '@/components/ui/button';
import { Icon } from '@/components/ui/icon';
import { PART, SentenceWith } from '@/components/ui/sentence-with';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { useLanguage } from '@/hooks/use-language';
import { paths } from '@/config/paths';
import { formatNumber } from '@/utils/format';

export function NotFoundRoute() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const language = useLanguage();
  useDocumentTitle(t('notFound.title'));
  return (
    <section className="not-found">
      <p className="not-found__code" aria-hidden="true">
        {formatNumber(404, language, { useGrouping: false })}
      </p>
      <h1 className="not-found__title">
        {/* The path is isolated left-to-right so Arabic does not reorder its slashes. */}
        <SentenceWith text={t('notFound.message', { path: PART })} tag="path">
          <bdi dir="ltr">{pathname}</bdi>
        </SentenceWith>
      </h1>
      <p className="not-found__text">{t('notFound.text')}</p>
      <ButtonLink to={paths.home} icon={<Icon name="home" size={18} />}>
        {t('notFound.home')}
      </ButtonLink>
    </section>
  );
}
