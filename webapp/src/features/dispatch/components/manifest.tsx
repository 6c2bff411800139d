import { Button } from '@/components/ui/button';
import { PageHeader } from '@/components/ui/page-header';
import { QueryView } from '@/components/ui/query-view';
import { Spinner } from '@/components/ui/spinner';
import { EmptyState } from '@/components/ui/states';
import { useLanguage } from '@/hooks/use-language';
import { formatCalendarDate, formatClock, formatNumber, isolate } from '@/utils/format';
import { formatPlate } from '@/utils/plate';
import { useDetailSeparator } from '@/hooks/use-detail-separator';
import { useRouteArrow } from '@/hooks/use-route-arrow';

import { manifestCsvUrl, useManifest, type ManifestGroup } from '../api/manifest';
import { useDispatchT } from './messages';
import './dispatch.css';

/**
 * /admin/manifest?date=: the day's trips, one section per driver (a page each when printed), the
 * trips nobody carries yet last; with a CSV download and a Print button.
 */
export function Manifest({ date }: { date: string }) {
  const { t } = useDispatchT();
  const language = useLanguage();
  const manifest = useManifest(date);
  return (
    <div className="manifest">
      <PageHeader title={t('manifest.title', { date: formatCalendarDate(date, language, { dateStyle: 'full' }) })} lead={t('manifest.lead')} />
      <div className="dispatch-actions manifest__toolbar">
        <Button type="button" onClick={() => window.print()} data-testid="manifest-print">
          {t('manifest.print')}
        </Button>
        <a className="btn btn--secondary btn--md" href={manifestCsvUrl(date)} download={`manifest-${date}.csv`} data-testid="manifest-csv">
          {t('manifest.csv')}
        </a>
      </div>
      <QueryView
        query={manifest}
        loading={<Spinner />}
        isEmpty={(data) => data.groups.length === 0}
        empty={<EmptyState icon="calendar" title={t('board.empty')} />}
      >
        {(data) => data.groups.map((group) => <DriverSection key={group.driver?.id ?? 'unassigned'} group={group} />)}
      </QueryView>
    </div>
  );
}

function DriverSection({ group }: { group: ManifestGroup }) {
  const arrow = useRouteArrow();
  const separator = useDetailSeparator();
  const { t } = useDispatchT();
  const language = useLanguage();
  const d = group.driver;
  return (
    <section className="manifest__driver" data-testid="manifest-driver">
      <h2>{d ? d.name : t('manifest.unassigned')}</h2>
      {d ? (
        <p className="manifest__driver-details">
          <a href={`tel:${d.phone}`} dir="ltr">
            {d.phone}
          </a>
          {separator}
          {d.vehicle}
          {separator}
          <bdi dir="auto">{formatPlate(d.plate, language)}</bdi>
        </p>
      ) : null}
      <ol className="manifest__trips">
        {group.trips.map((trip) => (
          <li key={trip.trip_number} className="manifest__trip" data-testid="manifest-trip">
            <p className="manifest__trip-head">
              <strong data-testid="manifest-time">{t('driver.cairoTime', { time: formatClock(trip.pickup_time, language) })}</strong> ·{' '}
              <span dir="ltr">{isolate(trip.trip_number)}</span>
            </p>
            <p data-testid="manifest-pickup">{t('driver.pickup', { place: trip.pickup })}</p>
            {trip.pickup_address ? <p>{t('manifest.address', { address: trip.pickup_address })}</p> : null}
            {trip.stops.length > 0 ? <p data-testid="manifest-stops">{t('manifest.stops', { stops: trip.stops.join(arrow) })}</p> : null}
            {trip.end ? <p>{t('manifest.end', { place: trip.end })}</p> : null}
            {trip.end_time ? <p>{t('manifest.back', { time: formatClock(trip.end_time, language) })}</p> : null}
            <p>
              <bdi>{trip.traveller}</bdi> ·{' '}
              <a href={`tel:${trip.phone}`} dir="ltr">
                {trip.phone}
              </a>
              {trip.travellers > 0 ? <> · {t('driver.travellers', { count: trip.travellers, n: formatNumber(trip.travellers, language) })}</> : null}
            </p>
            {trip.car_class ? <p>{t('driver.carClass', { name: trip.car_class })}</p> : null}
            {trip.comments ? (
              <div className="driver-trip__comments">
                <p>{trip.comments}</p>
              </div>
            ) : null}
          </li>
        ))}
      </ol>
    </section>
  );
}
