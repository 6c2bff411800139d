import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';

import { ButtonLink } from '@/components/ui/button';
import { Icon } from '@/components/ui/icon';
import { PageHeader } from '@/components/ui/page-header';
import { Photo } from '@/components/ui/photo';
import { PageSpinner } from '@/components/ui/spinner';
import { EmptyState, ErrorState } from '@/components/ui/states';
import { paths } from '@/config/paths';
import { useLanguage } from '@/hooks/use-language';
import { isApiError } from '@/lib/api-client';
import { formatHours } from '@/utils/format';

import { useDestination } from '../api/get-destination';
import { categoryKey, type Destination } from '../api/types';

export function DestinationDetail({ id, renderAction }: { id: string | null; renderAction?: (destination: Destination) => ReactNode }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const destination = useDestination(id);

  if (!id) {
    return (
      <>
        <PageHeader title={t('destination.title')} />
        <EmptyState icon="pin" title={t('destination.noneTitle')} description={t('destination.noneText')} action={<ButtonLink to={paths.destinations}>{t('destinations.browseAll')}</ButtonLink>} />
      </>
    );
  }
  if (destination.isPending) return <PageSpinner />;
  if (destination.isError) {
    const missing = isApiError(destination.error) && destination.error.status === 404;
    return (
      <>
        <PageHeader title={t('destination.title')} />
        {missing ? (
          <EmptyState icon="pin" title={t('destination.notFound')} action={<ButtonLink to={paths.destinations}>{t('destinations.browseAll')}</ButtonLink>} />
        ) : (
          <ErrorState onRetry={() => void destination.refetch()} />
        )}
      </>
    );
  }
  const place = destination.data;
  return (
    <article className="detail">
      <nav className="breadcrumbs" aria-label={t('common.breadcrumbs')}>
        <Link to={paths.destinations}>{t('nav.destinations')}</Link>
        {place.category ? (
          <>
            <span aria-hidden="true">/</span>
            <Link to={paths.destinationsInCategory(categoryKey(place.category))}>{place.category.name}</Link>
          </>
        ) : null}
      </nav>
      <PageHeader title={place.name} eyebrow={place.category?.name} />
      <div className="detail__layout">
        <Photo className="detail__photo" src={place.photo} alt={place.name} seed={place.name} sizes="(max-width: 760px) 100vw, 60vw" />
        <aside className="detail__aside">
          {place.visit_hours ? (
            <p className="meta">
              <Icon name="clock" size={18} /> {t('destinations.visitFor', { hours: formatHours(place.visit_hours, language) })}
            </p>
          ) : null}
          {renderAction?.(place)}
          <ButtonLink to={paths.trip} variant="secondary" block>
            {t('cart.viewTrip')}
          </ButtonLink>
        </aside>
      </div>
      {place.description ? <p className="prose">{place.description}</p> : null}
    </article>
  );
}
