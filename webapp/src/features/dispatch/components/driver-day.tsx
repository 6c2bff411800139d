import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';

import { Button, ButtonLink } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { PageHeader } from '@/components/ui/page-header';
import { EmptyState } from '@/components/ui/states';
import { paths } from '@/config/paths';
import { useLanguage } from '@/hooks/use-language';
import { isApiError } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { formatCalendarDate, formatDate, formatNumber, isolate } from '@/utils/format';
import { useDetailSeparator } from '@/hooks/use-detail-separator';
import { useNow } from '@/hooks/use-now';
import { useRouteArrow } from '@/hooks/use-route-arrow';
import { addDays, cairoToday } from '@/utils/cairo-day';

import { RUNNING } from '../api/position';
import { advanceTrip, reachedAtHandover, tripPlaces, useDispatchAction, useDriverTrips, type Trip } from '../api/trips';
import { useWhyTripsLeft, type TripLeft } from '../api/why-trips-left';
import { useDispatchT } from './messages';
import { ShareLocation } from './share-location';
import './dispatch.css';

/**
 * /driver: the signed-in driver's trips, each with one big button for its next step. `isDriver` is
 * whether the signed-in account is a driver's (anyone else is told the page is not theirs).
 */
export function DriverDay({ isDriver }: { isDriver: boolean }) {
  const { t } = useDispatchT();
  const trips = useDriverTrips(isDriver);
  const [gone, dismissGone] = useTripsTakenAway(trips.data);
  const why = useWhyTripsLeft(gone);
  return (
    <div className="stack">
      <PageHeader title={t('driver.title')} lead={t('driver.lead')} />
      {gone.length > 0 ? (
        <div className="form__message driver-notice" role="status" data-testid="trips-taken-away">
          <p>{t('driver.takenAway')}</p>
          <ul className="driver-notice__list">
            {gone.map((trip) => (
              <li key={trip} data-testid={`trip-left-${trip}`}>
                <WhyTripLeft trip={trip} left={why.get(trip)} />
              </li>
            ))}
          </ul>
          <Button size="sm" variant="secondary" onClick={dismissGone}>
            {t('driver.understood')}
          </Button>
        </div>
      ) : null}
      {!isDriver ? (
        // A traveller or staff member who opened a driver's page: say so, and the way back to the shop.
        <EmptyState
          icon="car"
          title={t('driver.notDriver')}
          action={
            <ButtonLink to={paths.home} variant="secondary">
              {t('driver.toShop')}
            </ButtonLink>
          }
        />
      ) : trips.isError ? (
        <EmptyState icon="alert" title={isApiError(trips.error) ? trips.error.message : String(trips.error)} />
      ) : trips.data && trips.data.length === 0 ? (
        <EmptyState icon="car" title={t('driver.empty')} />
      ) : (
        byDay(trips.data ?? []).map(([day, dayTrips]) => (
          <section key={day} className="stack" aria-labelledby={`driver-day-${day}`}>
            <DayHeading day={day} />
            {dayTrips.map((trip) => (
              <DriverTrip key={trip.order_id} trip={trip} />
            ))}
          </section>
        ))
      )}
    </div>
  );
}

/** Why one trip left the driver's list, as their notifications say (until they do, that they will). */
function WhyTripLeft({ trip, left }: { trip: string; left: TripLeft | undefined }) {
  const { t } = useDispatchT();
  const language = useLanguage();
  const p = left?.params;
  const key = !left
    ? 'unknown'
    : left.kind === 'trip_moved_away'
      ? p?.by === 'office'
        ? 'moved_office'
        : 'moved_traveller'
      : left.kind === 'trip_retimed_away'
        ? 'retimed'
        : left.kind === 'trip_taken_off'
          ? p?.reason
            ? 'taken_off_why'
            : 'taken_off'
          : left.kind === 'trip_called_off'
            ? 'called_off'
            : 'handed';
  return (
    <>
      {t(`driver.left.${key}`, {
        trip: isolate(trip),
        day: p?.day ? formatCalendarDate(p.day, language, { weekday: 'long', day: 'numeric', month: 'long' }) : '',
        other: isolate(p?.trip ?? ''),
        from: p?.start_at ? formatDate(p.start_at, language, { timeStyle: 'short' }) : '',
        to: p?.end_at ? formatDate(p.end_at, language, { timeStyle: 'short' }) : '',
        reason: isolate(p?.reason ?? ''),
      })}
    </>
  );
}

/** The trips in the order listed, one group per day. */
function byDay(trips: Trip[]): Array<[string, Trip[]]> {
  const days = new Map<string, Trip[]>();
  for (const trip of trips) days.set(trip.day, [...(days.get(trip.day) ?? []), trip]);
  return [...days];
}

/** A day's heading as a driver reads a phone: today and tomorrow by name, then the full date. */
function DayHeading({ day }: { day: string }) {
  const { t } = useDispatchT();
  const language = useLanguage();
  const today = cairoToday(useNow());
  const date = formatCalendarDate(day, language, { weekday: 'long', day: 'numeric', month: 'long' });
  const text = day === today ? t('driver.today', { date }) : day === addDays(today, 1) ? t('driver.tomorrow', { date }) : date;
  return (
    <h2 id={`driver-day-${day}`} className="section-title" data-testid="driver-day-heading">
      {text}
    </h2>
  );
}

/**
 * The trip numbers that left the driver's list while the page was open (handed to another driver,
 * taken back, cancelled): a trip that just vanishes from a phone with travellers on board reads as
 * the app failing, so the page says it until the driver dismisses it.
 */
function useTripsTakenAway(trips: Trip[] | undefined): [string[], () => void] {
  const shown = useRef<Set<string> | null>(null);
  const [gone, setGone] = useState<string[]>([]);
  useEffect(() => {
    if (!trips) return;
    const now = new Set(trips.map((trip) => trip.order_id));
    const before = shown.current;
    shown.current = now;
    if (!before) return;
    const left = [...before].filter((id) => !now.has(id));
    if (left.length > 0) setGone((known) => [...known, ...left.filter((id) => !known.includes(id))]);
  }, [trips]);
  return [gone, () => setGone([])];
}

function DriverTrip({ trip }: { trip: Trip }) {
  const arrow = useRouteArrow();
  const separator = useDetailSeparator();
  const { t } = useDispatchT();
  const language = useLanguage();
  const advance = useDispatchAction(({ step, stop }: { step: string; stop?: number }) => advanceTrip(trip.order_id, step, stop));
  const queryClient = useQueryClient();
  const [confirming, setConfirming] = useState(false);
  const take = (step: string) =>
    advance.mutate(
      { step, stop: trip.next_stop },
      {
        onSettled: () => setConfirming(false),
        onSuccess: (tr) => {
          if (tr && (tr as Trip).status === 'completed') toast.success(t('driver.done'));
        },
        // Refused (another phone took the step, the trip was cancelled meanwhile): say why and show
        // the trip as it is now.
        onError: (error) => {
          toast.error(isApiError(error) ? error.message : String(error));
          void queryClient.invalidateQueries({ queryKey: ['dispatch', 'driver'] });
        },
      },
    );
  const places = tripPlaces(trip, language);
  const name = trip.stop > 0 ? places.stops[trip.stop - 1] : '';
  const next = trip.next_step;
  const nextName = trip.next_stop ? places.stops[trip.next_stop - 1] : '';
  const carClass = trip.rate_plan ? (language === 'ar' && trip.rate_plan.name_ar) || trip.rate_plan.name : '';
  const now = useNow(30_000);
  const early = next === 'start' && trip.starts_from !== undefined && now < new Date(trip.starts_from);
  // Another of the driver's trips runs: this one waits for it (the server refuses its start).
  const finishFirst = next === 'start' && trip.finish_first ? trip.finish_first : '';
  const explained = [early ? `starts-from-${trip.order_id}` : '', finishFirst ? `finish-first-${trip.order_id}` : ''].filter(Boolean).join(' ');
  return (
    <article className="card card--plain driver-trip" data-testid={`driver-trip-${trip.order_id}`} data-status={trip.status}>
      <p className="eyebrow">
        <span dir="ltr">{trip.order_id}</span>
        {separator}
        <span data-testid="trip-time">{t('driver.cairoTime', { time: formatDate(trip.start_at, language, { dateStyle: 'medium', timeStyle: 'short' }) })}</span>
      </p>
      <p>
        <strong>{trip.customer}</strong>{' '}
        {trip.phone ? (
          <a href={`tel:${trip.phone}`}>
            {/* The number reads left to right inside an Arabic sentence too (Unicode isolates). */}
            {t('driver.call', { name: isolate(trip.phone) })}
          </a>
        ) : null}
      </p>
      <p>{t('driver.pickup', { place: places.pickup })}</p>
      {trip.travellers || carClass ? (
        <p className="driver-trip__party">
          {trip.travellers ? (
            <span data-testid="trip-travellers">{t('driver.travellers', { count: trip.travellers, n: formatNumber(trip.travellers, language) })}</span>
          ) : null}
          {trip.travellers && carClass ? separator : null}
          {carClass ? <span data-testid="trip-class">{t('driver.carClass', { name: carClass })}</span> : null}
        </p>
      ) : null}
      {trip.comments ? (
        <div className="driver-trip__comments" data-testid="trip-comments">
          <p className="eyebrow">{t('driver.comments')}</p>
          <p dir="auto">{trip.comments}</p>
        </div>
      ) : null}
      <p className="muted">{places.stops.join(arrow)}</p>
      {trip.handover ? <HandedToYou trip={trip} /> : null}
      <p className="trip-progress__status">
        {/* The traveller's "Driver assigned" is the driver's "Assigned to you". */}
        {trip.status === 'assigned' ? t('driver.assigned') : t(`status.${trip.status}`, { stop: trip.stop, name })}
      </p>
      {next ? (
        <Button
          className="driver-trip__button"
          block
          disabled={early || finishFirst !== ''}
          aria-describedby={explained || undefined}
          loading={advance.isPending}
          data-testid="next-step"
          onClick={() => (next === 'complete' ? setConfirming(true) : take(next))}
        >
          {t(`steps.${next}`, { name: nextName })}
        </Button>
      ) : null}
      {finishFirst ? (
        // Said before the tap, under the button it explains: the driver is still on another trip.
        <p className="muted" id={`finish-first-${trip.order_id}`} data-testid="finish-first">
          {t('driver.finishFirst', { trip: isolate(finishFirst) })}
        </p>
      ) : null}
      {next && early ? (
        // Too early to start: said with the time it opens, under the button it explains, never
        // offered to be refused.
        <p className="muted" id={`starts-from-${trip.order_id}`} data-testid="starts-from">
          {t('driver.startsFrom', { time: formatDate(trip.starts_from ?? '', language, { timeStyle: 'short' }) })}
        </p>
      ) : null}
      {/* Where and when the trip ends: under the next step, which stays on the first screen. */}
      <TripEnd trip={trip} />
      {/* Only while the trip runs: it unmounts, and stops watching the position, once completed.
          Under the next step, which is what the driver comes for. */}
      {RUNNING.has(trip.status) ? <ShareLocation orderId={trip.order_id} /> : null}
      <ConfirmDialog
        open={confirming}
        title={t('driver.completeTitle', { trip: isolate(trip.order_id) })}
        confirmLabel={t('steps.complete')}
        cancelLabel={t('driver.notYet')}
        loading={advance.isPending}
        onCancel={() => setConfirming(false)}
        onConfirm={() => take('complete')}
      >
        <p>{t('driver.completeText')}</p>
        <TripEnd trip={trip} />
      </ConfirmDialog>
    </article>
  );
}

/** Where the trip ends and when it is due back (Cairo time), when the order recorded them. */
function TripEnd({ trip }: { trip: Trip }) {
  const { t } = useDispatchT();
  const language = useLanguage();
  const place = (language === 'ar' && trip.end_ar) || trip.end;
  if (!place && !trip.end_at) return null;
  return (
    <p className="driver-trip__end" data-testid="trip-end">
      {place ? <span>{t('driver.dropOff', { place })}</span> : null}
      {place && trip.end_at ? <br /> : null}
      {trip.end_at ? <span>{t('driver.dueBack', { time: formatDate(trip.end_at, language, { timeStyle: 'short' }) })}</span> : null}
    </p>
  );
}

/**
 * A trip the driver took over on the road: from whom, when, why (the office's words) and where it had
 * reached, so the driver does not arrive knowing nothing.
 */
function HandedToYou({ trip }: { trip: Trip }) {
  const { t } = useDispatchT();
  const language = useLanguage();
  const handover = trip.handover;
  if (!handover) return null;
  const from = (language === 'ar' && handover.from_ar) || handover.from;
  const reached = reachedAtHandover(trip);
  const stopName = reached && reached.stop > 0 ? tripPlaces(trip, language).stops[reached.stop - 1] : '';
  return (
    <div className="form__message driver-handover" role="note" data-testid="handed-to-you">
      <p>{t('driver.handedToYou', { from: isolate(from), time: formatDate(handover.at, language, { timeStyle: 'short' }) })}</p>
      {handover.reason ? (
        <p dir="auto" data-testid="handover-reason">
          {t('driver.handoverWhy', { reason: handover.reason })}
        </p>
      ) : null}
      {reached ? (
        <p data-testid="handover-reached">{t('driver.handoverReached', { reached: t(`status.${reached.status}`, { stop: reached.stop, name: stopName }) })}</p>
      ) : null}
    </div>
  );
}
