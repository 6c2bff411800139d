import { useTranslation } from 'react-i18next';

import { useLanguage } from '@/hooks/use-language';
import { useRouteArrow } from '@/hooks/use-route-arrow';
import { formatClock, formatDate } from '@/utils/format';

import type { Order } from '../api/types';

import { OrderMoney } from './money-text';

type PendingExchange = NonNullable<Order['pending_exchange']>;

/**
 * A dearer change waiting for its difference to be paid: says what it changes (only what differs from
 * the booked trip — the new date and time, the new rate plan, the new itinerary) and what is to pay.
 */
export function PendingChange({ change }: { change: PendingExchange }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const arrow = useRouteArrow();
  const to = change.trip;
  const parts = change.changes;
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
        {parts.rate_plan ? (
          <>
            <dt>{t('orders.pendingRate')}</dt>
            <dd data-testid="pending-change-rate">{to.rate_plan.name}</dd>
          </>
        ) : null}
        {parts.itinerary ? (
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
