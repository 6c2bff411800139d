import { useEffect, useState, type DragEvent } from 'react';
import { useSearchParams } from 'react-router-dom';

import { Button } from '@/components/ui/button';
import { DayPicker } from '@/components/ui/day-picker';
import { PageHeader } from '@/components/ui/page-header';
import { QueryView } from '@/components/ui/query-view';
import { Spinner } from '@/components/ui/spinner';
import { useLanguage } from '@/hooks/use-language';
import { useMediaQuery } from '@/hooks/use-media-query';
import { live } from '@/lib/live';
import { formatCalendarDate, formatDate, formatNumber, isolate } from '@/utils/format';
import { useDetailSeparator } from '@/hooks/use-detail-separator';
import { useRouteArrow } from '@/hooks/use-route-arrow';

import { useWeek, type PlannerDriver, type PlannerTrip, type Week } from '../api/planner';
import { tripPlaces } from '../api/trips';
import { useDispatchT } from './messages';
import { OverrideNote, RefusalNote, TakenOffNote, useAssignment, type Refusal } from './vehicle-override';
import './dispatch.css';
import './planner.css';

interface Assigning {
  canAssign: boolean;
  assign: (orderId: string, driverId: string, driver: string) => void;
  pending: string | null;
  /** The last refusal, shown on the trip it was about. */
  refusal: Refusal | null;
  override: (refusal: Refusal) => void;
}

/**
 * /admin/planner?from=: seven Cairo days, drivers × days on a wide screen (a day-by-day list on a
 * phone). Each day's trips without a driver are listed first; with canAssign (admins) a driver is
 * picked for each (or, on a wide screen, the trip is dragged onto the driver's day). The server
 * matches the car to the order: a refusal is shown on the trip with its reason, and a car with too
 * few seats may be sent anyway after a confirmation (the trip then says what was overridden).
 */
export function WeekPlanner({ canAssign }: { canAssign: boolean }) {
  const { t } = useDispatchT();
  const [params, setParams] = useSearchParams();
  const from = params.get('from') ?? '';
  const week = useWeek(from);
  const { refetch } = week;
  useEffect(() => live.subscribe('trip.progress', () => void refetch()), [refetch]);
  const wide = useMediaQuery('(min-width: 1100px)');
  const assignment = useAssignment();
  const go = (day: string) => setParams(day ? { from: day } : {});
  const assigning: Assigning = { canAssign, assign: assignment.assign, pending: assignment.pending, refusal: assignment.refusal, override: assignment.override };
  return (
    <div className="planner">
      <PageHeader title={t('planner.title')} lead={t('planner.lead')} />
      <div className="planner__nav" data-testid="planner-nav">
        <Button variant="secondary" size="sm" disabled={!week.data} onClick={() => week.data && go(week.data.previous)} data-testid="planner-previous">
          {t('planner.previous')}
        </Button>
        <Button variant="ghost" size="sm" onClick={() => go('')} data-testid="planner-today">
          {t('planner.thisWeek')}
        </Button>
        <Button variant="secondary" size="sm" disabled={!week.data} onClick={() => week.data && go(week.data.next)} data-testid="planner-next">
          {t('planner.next')}
        </Button>
        <DayPicker label={t('planner.from')} value={week.data?.days[0] ?? from} onChange={go} testId="planner-from" />
      </div>
      <QueryView query={week} loading={<Spinner />}>
        {(data) => (wide ? <Grid week={data} assigning={assigning} /> : <ByDay week={data} assigning={assigning} />)}
      </QueryView>
      {assignment.dialog}
    </div>
  );
}

function dayLabel(day: string, language: ReturnType<typeof useLanguage>) {
  return formatCalendarDate(day, language, { weekday: 'short', day: 'numeric', month: 'short' });
}

function tripsOf(week: Week, day: string, driverId: string | null) {
  return week.trips.filter((trip) => trip.day === day && (driverId === null ? !trip.driver : trip.driver?.id === driverId));
}

/** The wide screen: a row of each day's unassigned trips, then a row per driver. */
function Grid({ week, assigning }: { week: Week; assigning: Assigning }) {
  const { t } = useDispatchT();
  const language = useLanguage();
  const [over, setOver] = useState<string | null>(null);
  const drop = (driver: PlannerDriver, index: number) => (event: DragEvent) => {
    event.preventDefault();
    setOver(null);
    const [orderId, day] = event.dataTransfer.getData('text/plain').split(' ');
    if (orderId && day === week.days[index]) assigning.assign(orderId, driver.id, driver.name);
  };
  return (
    <div className="planner-grid-wrap">
      <table className="planner-grid" data-testid="planner-grid">
        <thead>
          <tr>
            <th scope="col">{t('board.driver')}</th>
            {week.days.map((day) => (
              <th scope="col" key={day} data-day={day}>
                {dayLabel(day, language)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          <tr className="planner-grid__unassigned">
            <th scope="row">{t('planner.unassigned')}</th>
            {week.days.map((day, i) => (
              <td key={day} data-testid={`planner-unassigned-${day}`}>
                {tripsOf(week, day, null).map((trip) => (
                  <TripCard key={trip.order_id} trip={trip} drivers={week.drivers} dayIndex={i} assigning={assigning} draggable={assigning.canAssign} />
                ))}
              </td>
            ))}
          </tr>
          {week.drivers.map((driver) => (
            <tr key={driver.id} data-testid={`planner-driver-${driver.id}`}>
              <th scope="row">
                <DriverName driver={driver} />
              </th>
              {week.days.map((day, i) => {
                const key = `${driver.id} ${day}`;
                return (
                  <td
                    key={day}
                    data-testid={`planner-cell-${driver.id}-${day}`}
                    className={[driver.works[i] ? '' : 'planner-grid__off', over === key ? 'planner-grid__over' : ''].join(' ').trim() || undefined}
                    onDragOver={
                      assigning.canAssign && driver.works[i]
                        ? (event) => {
                            event.preventDefault();
                            setOver(key);
                          }
                        : undefined
                    }
                    onDragLeave={() => setOver(null)}
                    onDrop={assigning.canAssign ? drop(driver, i) : undefined}
                  >
                    {driver.works[i] ? null : <span className="muted">{t('board.off')}</span>}
                    {tripsOf(week, day, driver.id).map((trip) => (
                      <TripCard key={trip.order_id} trip={trip} drivers={week.drivers} dayIndex={i} assigning={assigning} />
                    ))}
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** The phone: one section per day, its unassigned trips first, then each driver's. */
function ByDay({ week, assigning }: { week: Week; assigning: Assigning }) {
  const { t } = useDispatchT();
  const language = useLanguage();
  return (
    <div className="planner-days" data-testid="planner-days">
      {week.days.map((day, i) => {
        const open = tripsOf(week, day, null);
        const busy = week.drivers.filter((driver) => tripsOf(week, day, driver.id).length > 0);
        return (
          <section key={day} className="planner-day" data-testid={`planner-day-${day}`}>
            <h2>{dayLabel(day, language)}</h2>
            {open.length === 0 && busy.length === 0 ? <p className="muted">{t('planner.noTrips')}</p> : null}
            {open.length > 0 ? (
              <div data-testid={`planner-unassigned-${day}`}>
                <h3>{t('planner.unassigned')}</h3>
                {open.map((trip) => (
                  <TripCard key={trip.order_id} trip={trip} drivers={week.drivers} dayIndex={i} assigning={assigning} />
                ))}
              </div>
            ) : null}
            {busy.map((driver) => (
              <div key={driver.id} data-testid={`planner-cell-${driver.id}-${day}`}>
                <h3>
                  <DriverName driver={driver} />
                </h3>
                {tripsOf(week, day, driver.id).map((trip) => (
                  <TripCard key={trip.order_id} trip={trip} drivers={week.drivers} dayIndex={i} assigning={assigning} />
                ))}
              </div>
            ))}
          </section>
        );
      })}
    </div>
  );
}

function DriverName({ driver }: { driver: PlannerDriver }) {
  const separator = useDetailSeparator();
  const { t } = useDispatchT();
  const language = useLanguage();
  return (
    <span className="planner-driver">
      <strong>{driver.name}</strong>
      <span className="muted">
        {driver.vehicle}{separator}{t('planner.seats', { count: driver.seats, n: formatNumber(driver.seats, language) })}
      </span>
    </span>
  );
}

function TripCard({
  trip,
  drivers,
  dayIndex,
  assigning,
  draggable = false,
}: {
  trip: PlannerTrip;
  drivers: PlannerDriver[];
  dayIndex: number;
  assigning: Assigning;
  draggable?: boolean;
}) {
  const arrow = useRouteArrow();
  const separator = useDetailSeparator();
  const { t } = useDispatchT();
  const language = useLanguage();
  const places = tripPlaces(trip, language);
  const className = (language === 'ar' && trip.rate_plan?.name_ar) || trip.rate_plan?.name;
  const time = formatDate(trip.start_at, language, { timeStyle: 'short' });
  const until = trip.end_at ? formatDate(trip.end_at, language, { timeStyle: 'short' }) : '';
  const refusal = assigning.refusal?.orderId === trip.order_id ? assigning.refusal : null;
  return (
    <article
      className="planner-card"
      data-testid={`planner-trip-${trip.order_id}`}
      data-status={trip.status}
      draggable={draggable || undefined}
      onDragStart={draggable ? (event) => event.dataTransfer.setData('text/plain', `${trip.order_id} ${trip.day}`) : undefined}
    >
      <p className="planner-card__time">{t('driver.cairoTime', { time: until ? `${time}–${until}` : time })}</p>
      <p>
        <span dir="ltr">{isolate(trip.order_id)}</span>
      </p>
      <p className="muted">{[places.pickup, ...places.stops].join(arrow)}</p>
      <p>
        {className ? t('driver.carClass', { name: className }) : null}
        {trip.travellers ? <>{separator}{t('driver.travellers', { count: trip.travellers, n: formatNumber(trip.travellers, language) })}</> : null}
      </p>
      {!trip.driver && assigning.canAssign ? <Picker trip={trip} drivers={drivers} dayIndex={dayIndex} assigning={assigning} /> : null}
      <OverrideNote trip={trip} />
      <TakenOffNote trip={trip} />
      {refusal ? <RefusalNote refusal={refusal} canOverride={assigning.canAssign} onOverride={assigning.override} /> : null}
    </article>
  );
}

/** Pick a driver working that day for an unassigned trip: what a phone (and a keyboard) uses. */
function Picker({ trip, drivers, dayIndex, assigning }: { trip: PlannerTrip; drivers: PlannerDriver[]; dayIndex: number; assigning: Assigning }) {
  const separator = useDetailSeparator();
  const { t } = useDispatchT();
  const language = useLanguage();
  const [driverId, setDriverId] = useState('');
  const working = drivers.filter((d) => d.works[dayIndex]);
  return (
    <div className="planner-card__pick">
      <select className="input input--select" aria-label={t('board.driver')} value={driverId} onChange={(e) => setDriverId(e.target.value)} data-testid="planner-driver-select">
        <option value="">{t('board.choose')}</option>
        {working.map((d) => (
          <option key={d.id} value={d.id} disabled={!d.has_account}>
            {d.name}{separator}{t('planner.seats', { count: d.seats, n: formatNumber(d.seats, language) })}
            {d.has_account ? '' : ` (${t('board.noAccount')})`}
          </option>
        ))}
      </select>
      <Button size="sm" disabled={!driverId} loading={assigning.pending === trip.order_id} onClick={() => assigning.assign(trip.order_id, driverId, working.find((d) => d.id === driverId)?.name ?? '')} data-testid="planner-assign">
        {t('board.assign')}
      </Button>
    </div>
  );
}
