import { useEffect, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { z } from 'zod';

import { Button } from '@/components/ui/button';
import { InputField } from '@/components/ui/field';
import { EmptyState } from '@/components/ui/states';
import { Timeline, TimelineItem, useEventName } from '@/components/ui/timeline';
import { useLanguage } from '@/hooks/use-language';
import { useRouteArrow } from '@/hooks/use-route-arrow';
import { isApiError } from '@/lib/api-client';
import { formResolver } from '@/lib/form-resolver';
import { live } from '@/lib/live';
import { formatClock, formatDate, formatMoney, isolate } from '@/utils/format';
import type { Currency } from '@/config/constants';

import { useTripStatusLookup, type TripStatus, type TripStatusLookup as Lookup } from '../api/get-trip-status';
import './trip-status.css';

const schema = z.object({
  trip_number: z.string().trim().min(1, 'validation.required'),
  email: z.string().trim().pipe(z.email('validation.email')),
});

/**
 * Statuses whose trip can be on the road: a confirmed (paid) order, or one whose trip just ended. An
 * enquiry, an unpaid, expired or cancelled order has no live progress to show.
 */
const LIVE_STATUSES: ReadonlySet<string> = new Set(['confirmed', 'completed']);

/** hasLiveProgress says whether a trip's status (as the lookup answers it) has a live progress to show. */
function hasLiveProgress(status: string): boolean {
  return LIVE_STATUSES.has(status);
}

/**
 * aside renders more about a proven trip under its status (the app composes the live progress strip
 * here); headline, the status itself in place of the order's (the trip's step: "Driver on the way");
 * both only for a trip that can be on the road (hasLiveProgress).
 */
export function TripStatusLookup({ aside, headline }: { aside?: (proven: Lookup) => ReactNode; headline?: (proven: Lookup, status: string) => ReactNode } = {}) {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const lookup = useTripStatusLookup();
  const form = useForm<z.infer<typeof schema>>({ resolver: formResolver(schema), defaultValues: { trip_number: params.get('trip') ?? '', email: '' } });
  const { errors } = form.formState;
  const notFound = lookup.isError && isApiError(lookup.error) && lookup.error.status === 404;
  const proven = lookup.isSuccess ? lookup.variables : undefined;

  // Once the trip is proven, its room pushes every change and the status refreshes by itself.
  useEffect(() => {
    if (!proven) return;
    const leave = live.join({ room: 'trip', params: { tripNumber: proven.trip_number, email: proven.email } });
    const off = live.subscribe('order.changed', (event) => {
      if (event.order_id.toUpperCase() === lookup.data?.trip_number) lookup.mutate(proven);
    });
    return () => {
      off();
      leave();
    };
    // Re-join only when another trip is proven.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [proven?.trip_number, proven?.email]);

  return (
    <div className="split">
      <form className="form card card--plain" onSubmit={(event) => void form.handleSubmit((values: Lookup) => lookup.mutate(values))(event)} noValidate>
        <InputField label={t('fields.tripNumber')} autoComplete="off" dir="ltr" placeholder="MSH-7K3Q9P" error={errors.trip_number?.message} {...form.register('trip_number')} />
        <InputField label={t('fields.email')} type="email" autoComplete="email" error={errors.email?.message} {...form.register('email')} />
        <Button type="submit" loading={lookup.isPending}>
          {t('tripStatus.check')}
        </Button>
      </form>
      <div aria-live="polite">
        {lookup.isSuccess ? (
          <>
            <TripStatusCard
              status={lookup.data}
              headline={headline && proven && hasLiveProgress(lookup.data.status) ? headline({ trip_number: lookup.data.trip_number, email: proven.email }, lookup.data.status) : undefined}
            />
            {aside && proven && hasLiveProgress(lookup.data.status) ? aside({ trip_number: lookup.data.trip_number, email: proven.email }) : null}
          </>
        ) : lookup.isError ? (
          <EmptyState
            icon="alert"
            title={notFound ? t('tripStatus.notFound') : isApiError(lookup.error) && lookup.error.status === 429 ? lookup.error.message : t('tripStatus.failed')}
            description={notFound ? t('tripStatus.notFoundText') : undefined}
          />
        ) : (
          <EmptyState icon="car" title={t('tripStatus.idleTitle')} description={t('tripStatus.idleText')} />
        )}
      </div>
    </div>
  );
}

function TripStatusCard({ status, headline }: { status: TripStatus; headline?: ReactNode }) {
  const arrow = useRouteArrow();
  const { t } = useTranslation();
  const language = useLanguage();
  const eventName = useEventName();
  const trip = status.order?.trip ?? status.enquiry?.trip;
  const total = status.order?.total ?? status.enquiry?.quote?.amount;
  return (
    <div className="card card--plain status-card stack" data-testid="trip-status">
      <p className="eyebrow">{t('tripStatus.trip', { number: isolate(status.trip_number) })}</p>
      <p className="status-card__status" data-status={status.status}>
        {headline ?? t(`tripStatus.statuses.${status.status}`, { defaultValue: status.status })}
      </p>
      {status.enquiry && !status.order && status.enquiry.status === 'submitted' ? <p>{t('enquiry.reviewShort')}</p> : null}
      {trip?.date ? (
        <p className="muted">
          {formatDate(`${trip.date}T12:00:00Z`, language, { dateStyle: 'full', timeZone: 'UTC' })}{t('common.detailSeparator')}{t('common.cairoTime', { time: formatClock(trip.time, language) })}
        </p>
      ) : null}
      {trip ? (
        <p>
          {trip.pickup.name ? `${trip.pickup.name}${arrow}` : ''}
          {trip.stops.map((s) => s.name).join(arrow)}
        </p>
      ) : null}
      {total ? <p className="price">{formatMoney(total.amount, total.currency as Currency, language)}</p> : null}
      <Timeline testId="trip-status-timeline">
        {status.timeline.map((entry) => (
          <TimelineItem key={`${entry.type}-${entry.at}`} type={entry.type} what={eventName(entry.type)} at={entry.at} />
        ))}
      </Timeline>
    </div>
  );
}
