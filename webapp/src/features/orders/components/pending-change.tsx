import { useTranslation } from 'react-i18next';

import { useLanguage } from '@/hooks/use-language';
import { useRouteArrow } from '@/hooks/use-route-arrow';
import { formatClock, formatDate } from '@/utils/format';

import type { Order, Trip } from '../api/types';

import { OrderMoney } from './money-text';

type PendingExchange = NonNullable<Order['pending_exchange']>;

const samePoint = (a: Trip['pickup'], b: Trip['pickup']) => a.name === b.name && Math.abs(a.lat - b.lat) < 1e-6 && Math.abs(a.lng - b.lng) < 1e-6;

/** What a change would alter of the booked trip: its date or time, its rate plan, its itinerary. */
function changedParts(booked: Trip, to: Trip): { when: boolean; rate: boolean; route: boolean } {
  return {
    when: booked.date !== to.date || booked.time !== to.time,
    rate: booked.rate_plan.id !== to.rate_plan.id,
    route:
      !samePoint(booked.pickup, to.pickup) ||
      !samePoint(booked.end, to.end) ||
      booked.stops.length !== to.stops.length ||
      booked.stops.some((stop, index) => stop.destination_id !== to.stops[index]?.destination_id),
  };
}

/**
 * A dearer change waiting for its difference to be paid: says what it changes (only what differs from
 * the booked trip — the new date and time, the new rate plan, the new itinerary) and what is to pay.
 */
export function PendingChange({ booked, change }: { booked: Trip; change: PendingExchange }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const arrow = useRouteArrow();
  const to = change.trip;
  const parts = changedParts(booked, to);
  return (
    <section className="card card--plain stack" data-testid="pending-change">
      <h2 className="section-title">{t('orders.pendingExchange')}</h2>
      <dl className="order-facts">
        {parts.when ? (
          <>
            <dt>{t('orders.pendingWhen')}</dt>
            <dd data-testid="pending-change-when">
              {formatDate(`${to.date}T12:00:00Z`, language, { dateStyle: 'full', timeZone: 'UTC' })}{t('common.detailSeparator')}{t('common.cairoTime', { time: formatClock(to.time, language) })}
            </dd>
          </>
        ) : null}
        {parts.rate ? (
          <>
            <dt>{t('orders.pendingRate')}</dt>
            <dd data-testid="pending-change-rate">{to.rate_plan.name}</dd>
          </>
        ) : null}
        {parts.route ? (
          <>
            <dt>{t('orders.pendingRoute')}</dt>
            <dd data-testid="pending-change-route">{[to.pickup.name, ...to.stops.map((stop) => stop.name), to.end.name].filter(Boolean).join(arrow)}</dd>
          </>
        ) : null}
      </dl>
      <p>
        {t('orders.toPay')} <OrderMoney amount={change.difference} />
      </p>
    </section>
  );
}
