import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';

import { LanguageChoices } from '@/components/preferences';
import { Icon } from '@/components/ui/icon';
import { paths } from '@/config/paths';

import { Logo } from './header';
import { useNavigationReset } from './home-layout';
import { LazyPage } from './lazy-page';

/** The "new" layout: a focused page for signing in and the other routes with no declared layout. */
export function NewLayout() {
  const { t } = useTranslation();
  useNavigationReset();
  return (
    <div className="focus-shell">
      <aside className="focus-shell__art" aria-hidden="true">
        <div className="focus-shell__quote">
          <p className="focus-shell__quote-text">{t('newLayout.quote')}</p>
          <p className="focus-shell__quote-by">{t('newLayout.quoteBy')}</p>
        </div>
      </aside>
      <div className="focus-shell__content">
        <header className="focus-shell__header">
          <Logo />
          <Link to={paths.home} className="back-link">
            <Icon name="arrowEnd" size={16} className="flip-ltr" /> {t('newLayout.back')}
          </Link>
        </header>
        <main id="main" className="focus-shell__main" tabIndex={-1}>
          <LazyPage />
        </main>
        <footer className="focus-shell__footer">
          <LanguageChoicesInline />
        </footer>
      </div>
    </div>
  );
}

function LanguageChoicesInline() {
  return (
    <div className="inline-choices">
      <LanguageChoices />
    </div>
  );
}
