import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';

import { ButtonLink } from '@/components/ui/button';
import { PointsMap } from '@/components/ui/map';
import { Icon } from '@/components/ui/icon';
import { PageHeader } from '@/components/ui/page-header';
import { PageSpinner } from '@/components/ui/spinner';
import { EmptyState, ErrorState } from '@/components/ui/states';
import type { Language } from '@/config/constants';
import { paths } from '@/config/paths';
import { useLanguage } from '@/hooks/use-language';
import { isApiError } from '@/lib/api-client';
import { formatCoordinates } from '@/utils/coordinates';
import { formatClock, formatHours, weekdayName } from '@/utils/format';

import { useDestination } from '../api/get-destination';
import type { Destination, WeeklyHours } from '../api/types';
import { DestinationOpening } from './destination-opening';

function WeekHours({ hours, language }: { hours: WeeklyHours; language: Language }) {
  const { t } = useTranslation();
  // The week as people there read it: Saturday first in Egypt.
  const order = [6, 0, 1, 2, 3, 4, 5];
  return (
    <table className="hours-table">
      <tbody>
        {order.map((day) => {
          const h = hours.find((x) => x.day === day);
          return (
            <tr key={day} className={h ? undefined : 'muted'}>
              <th scope="row">{weekdayName(day, language)}</th>
              <td>{h ? t('hours.span', { opens: formatClock(h.open, language), closes: formatClock(h.close, language) }) : t('catalogue.closed')}</td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}

export function DestinationDetail({
  id,
  renderAction,
  renderAfter,
}: {
  id: string | null;
  renderAction?: (destination: Destination) => ReactNode;
  /** What the page shows after its own sections (the destination's reviews). */
  renderAfter?: (destination: Destination) => ReactNode;
}) {
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
      <DestinationOpening place={place}>
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
          {place.address ? (
            <p className="meta">
              <Icon name="pin" size={18} /> {place.address}
            </p>
          ) : null}
          <section aria-labelledby="hours-title">
            <h2 id="hours-title" className="subheading">{t('catalogue.openingHours')}</h2>
            <WeekHours hours={place.opening_hours} language={language} />
            {place.hours_note ? <p className="muted small">{place.hours_note}</p> : null}
          </section>
          {place.ticket_note ? (
            <section aria-labelledby="tickets-title">
              <h2 id="tickets-title" className="subheading">{t('catalogue.tickets')}</h2>
              <p className="small">{place.ticket_note}</p>
            </section>
          ) : null}
        </aside>
      </DestinationOpening>
      {place.summary ? <p className="lead">{place.summary}</p> : null}
      {place.description ? <p className="prose">{place.description}</p> : null}
      {place.coordinates ? (
        <section className="stack" aria-labelledby="map-title">
          <h2 id="map-title" className="section-title">{t('catalogue.whereTitle')}</h2>
          <PointsMap label={t('catalogue.mapOf', { name: place.name })} points={[{ id: place.id, name: place.name, ...place.coordinates, kind: 'highlight' }]} height={320} />
          <p className="muted small" data-testid="destination-coordinates">
            {formatCoordinates(place.coordinates.lat, place.coordinates.lng, language)}
          </p>
        </section>
      ) : null}
      {place.programs?.length ? (
        <section className="stack" aria-labelledby="programs-here">
          <h2 id="programs-here" className="section-title">{t('catalogue.programsHere')}</h2>
          <ul className="stop-list">
            {place.programs.map((program) => (
              <li key={program.id} className="stop-list__item">
                <Link to={paths.programDetail(program.slug)} className="stop-list__name">
                  {program.name}
                </Link>{' '}
                <span className="muted small">{formatHours(program.hours, language)}</span>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {renderAfter?.(place)}
    </article>
  );
}
