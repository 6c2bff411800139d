import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';

import { ButtonLink } from '@/components/ui/button';
import { PointsMap, type MapPoint } from '@/components/ui/map';
import { Icon } from '@/components/ui/icon';
import { Price } from '@/components/ui/money';
import { PageHeader } from '@/components/ui/page-header';
import { PageSpinner } from '@/components/ui/spinner';
import { EmptyState, ErrorState } from '@/components/ui/states';
import { PROGRAM_RESPONSE_HOURS } from '@/config/constants';
import { paths } from '@/config/paths';
import { useLanguage } from '@/hooks/use-language';
import { isApiError } from '@/lib/api-client';
import { formatHours, formatNumber } from '@/utils/format';
import { useDetailSeparator } from '@/hooks/use-detail-separator';

import { useProgram } from '../api/get-program';
import type { Program } from '../api/types';
import { ProgramOpening } from './program-opening';

export function ProgramDetail({
  id,
  renderAction,
  renderAfter,
}: {
  id: string | undefined;
  renderAction?: (program: Program) => ReactNode;
  /** What the page shows after its own sections (the program's reviews). */
  renderAfter?: (program: Program) => ReactNode;
}) {
  const { t } = useTranslation();
  const separator = useDetailSeparator();
  const language = useLanguage();
  const program = useProgram(id);

  if (!id) {
    return (
      <>
        <PageHeader title={t('program.title')} />
        <EmptyState icon="route" title={t('program.noneTitle')} description={t('program.noneText')} action={<ButtonLink to={paths.programs}>{t('programs.all')}</ButtonLink>} />
      </>
    );
  }
  if (program.isPending) return <PageSpinner />;
  if (program.isError) {
    const missing = isApiError(program.error) && program.error.status === 404;
    return (
      <>
        <PageHeader title={t('program.title')} />
        {missing ? (
          <EmptyState icon="route" title={t('program.notFound')} action={<ButtonLink to={paths.programs}>{t('programs.all')}</ButtonLink>} />
        ) : (
          <ErrorState onRetry={() => void program.refetch()} />
        )}
      </>
    );
  }
  const item = program.data;
  const stops: MapPoint[] = item.destinations.flatMap((stop, index) =>
    stop.lat != null && stop.lng != null ? [{ id: stop.id, name: stop.name, lat: stop.lat, lng: stop.lng, label: formatNumber(index + 1, language) }] : [],
  );
  return (
    <article className="detail">
      <ProgramOpening
        name={item.name}
        summary={item.summary}
        photo={item.photo ?? item.destinations[0]?.photo}
        aside={
          <aside className="detail__aside card card--plain">
            {item.price != null ? (
              <>
                <p className="detail__price">
                  <Price amount={item.price} />
                </p>
                <p className="muted small" data-testid="program-price-note">
                  {t('program.priceNote')}
                </p>
              </>
            ) : null}
            {item.hours ? (
              <p className="meta">
                <Icon name="clock" size={18} /> {formatHours(item.hours, language)}
              </p>
            ) : null}
            <p className="muted small">{t('program.responseTime', { hours: formatNumber(PROGRAM_RESPONSE_HOURS, language) })}</p>
            {renderAction?.(item)}
            <ButtonLink to={paths.enquireAbout(item.id)} variant="secondary" block data-testid="program-enquire">
              {t('program.enquire')}
            </ButtonLink>
          </aside>
        }
      >
        {item.destinations.length ? (
          <section>
            <h2 className="section-title">{t('program.itinerary')}</h2>
            <ol className="stop-list stop-list--timeline">
              {item.destinations.map((stop, index) => (
                <li key={stop.id} className="stop-list__item">
                  <span className="stop-list__index" aria-hidden="true">
                    {formatNumber(index + 1, language)}
                  </span>
                  <Link to={paths.destinationDetail(stop.slug ?? stop.id)} className="stop-list__name">
                    {stop.name}
                  </Link>
                  {stop.visit_minutes ? <span className="muted small">{separator}{formatHours(stop.visit_minutes / 60, language)}</span> : null}
                </li>
              ))}
            </ol>
          </section>
        ) : null}
        {item.description ? <p className="prose">{item.description}</p> : null}
        {stops.length ? <PointsMap label={t('catalogue.stopsMap')} points={stops} route height={340} /> : null}
      </ProgramOpening>
      {renderAfter?.(item)}
    </article>
  );
}
