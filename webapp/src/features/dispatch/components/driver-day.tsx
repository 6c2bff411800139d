import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';

import { Button, ButtonLink } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { PageHeader } from '@/components/ui/page-header';
import { EmptyState } from '@/components/ui/states';
import { paths } from '@/config/paths';
import { useLanguage } from '@/hooks/use-language';
import { isApiError } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { formatDate, formatNumber, isolate } from '@/utils/format';
import { useDetailSeparator } from '@/hooks/use-detail-separator';
import { useRouteArrow } from '@/hooks/use-route-arrow';

import { RUNNING } from '../api/position';
import { advanceTrip, tripPlaces, useDispatchAction, useDriverTrips, type Trip } from '../api/trips';
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
  return (
    <div className="stack">
      <PageHeader title={t('driver.title')} lead={t('driver.lead')} />
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
        trips.data?.map((trip) => <DriverTrip key={trip.order_id} trip={trip} />)
      )}
    </div>
  );
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
      <p className="trip-progress__status">
        {/* The traveller's "Driver assigned" is the driver's "Assigned to you". */}
        {trip.status === 'assigned' ? t('driver.assigned') : t(`status.${trip.status}`, { stop: trip.stop, name })}
      </p>
      {next ? (
        <Button className="driver-trip__button" block loading={advance.isPending} data-testid="next-step" onClick={() => (next === 'complete' ? setConfirming(true) : take(next))}>
          {t(`steps.${next}`, { name: nextName })}
        </Button>
      ) : null}
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
      </ConfirmDialog>
    </article>
  );
}
