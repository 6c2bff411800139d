import { useMemo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

import { Button, ButtonLink } from '@/components/ui/button';
import { PointsMap } from '@/components/ui/map';
import { PageHeader } from '@/components/ui/page-header';
import { QueryView } from '@/components/ui/query-view';
import { SkeletonGrid } from '@/components/ui/states';
import { paths } from '@/config/paths';
import { useLanguage } from '@/hooks/use-language';
import { PaymentPageTimeout } from '@/lib/payment-page';
import { toast } from '@/lib/toast';
import { formatClock, formatDate, formatDistanceKm, formatDuration, formatHours, formatNumber, isolate } from '@/utils/format';

import { useOrder } from '../api/get-order';
import { usePayOrder } from '../api/order-actions';
import type { Order } from '../api/types';
import { orderMapPoints } from '../utils/route-points';

import { CancelledNotice } from './cancelled-notice';
import { OrderMoney } from './money-text';
import { OrderStatusBadge } from './order-status';
import { OrderTimeline } from './order-timeline';
import { PendingChange } from './pending-change';
import './orders.css';

/**
 * An order: its status, trip, prices, payments, rules, what happened (timeline) and what can be done.
 * live renders the trip's live progress under the trip (the app composes dispatch's strip there);
 * badge, when it renders something, says the status in place of the order's own (the trip's step).
 */
export function OrderDetail({ id, live, badge }: { id: string; live?: (order: Order) => ReactNode; badge?: (order: Order) => ReactNode }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const order = useOrder(id);
  return (
    <QueryView query={order} loading={<SkeletonGrid count={3} variant="row" />} errorTitle={t('orders.notFound')}>
      {(o) => (
        <>
          <PageHeader title={t('orders.number', { number: isolate(o.trip_number) })} lead={t('orders.placedOn', { date: formatDate(o.placed_at, language, { dateStyle: 'medium' }) })} />
          <OrderBody order={o} live={live?.(o)} badge={badge?.(o)} />
        </>
      )}
    </QueryView>
  );
}

/** Whether anything can still be done with the order (a completed or cancelled trip has nothing left but, perhaps, a refund). */
export function hasActions(o: Pick<Order, 'actions'>): boolean {
  return o.actions.pay || o.actions.cancel || o.actions.exchange || o.actions.refund;
}

function OrderBody({ order: o, live, badge }: { order: Order; live?: ReactNode; badge?: ReactNode }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const pay = usePayOrder(o.id);
  const trip = o.trip;
  // The request that waits for an answer: the refund button is gone meanwhile, so the page says why.
  const openRequest = o.refund_request_open ? o.refund_requests.at(-1) : undefined;
  const mapPoints = useMemo(() => orderMapPoints(trip, { start: t('orders.pickup'), end: t('orders.end') }, language), [trip, t, language]);
  return (
    <div className="split split--wide" data-testid="order-detail" data-order={o.id}>
      <div className="stack stack--loose">
        <section className="card card--plain stack">
          <div className="order-head">
            {badge ?? <OrderStatusBadge status={o.status} />}
            {o.status === 'awaiting_payment' ? (
              <p className="muted">{t('orders.payBefore', { time: t('common.cairoTime', { time: formatDate(o.hold_until, language, { timeStyle: 'short' }) }) })}</p>
            ) : null}
            {o.actions.pay && (o.status === 'payment_failed' || o.status === 'expired') ? (
              <p className="muted" data-testid="pay-again-hint">{t('orders.payAgainHint')}</p>
            ) : null}
          </div>
          <p className="order-when">
            {formatDate(`${trip.date}T12:00:00Z`, language, { dateStyle: 'full', timeZone: 'UTC' })}{t('common.detailSeparator')}{t('common.cairoTime', { time: formatClock(trip.time, language) })}
          </p>
          <dl className="order-facts" data-testid="order-points">
            <dt>{t('orders.pickup')}</dt>
            <dd>{trip.pickup.name || '—'}</dd>
            <dt>{t('orders.end')}</dt>
            <dd>{trip.end.name || '—'}</dd>
            <dt>{t('fields.rate')}</dt>
            <dd>{trip.rate_plan.name}</dd>
            {o.contact.travellers ? (
              <>
                <dt>{t('orders.group')}</dt>
                <dd data-testid="order-group">{t('orders.groupSize', { count: o.contact.travellers })}</dd>
              </>
            ) : null}
            {o.contact.comments?.trim() ? (
              <>
                <dt>{t('orders.travellerComments')}</dt>
                <dd className="order-comments" data-testid="order-comments">{o.contact.comments}</dd>
              </>
            ) : null}
          </dl>
          <ol className="stop-list">
            {trip.stops.map((stop, index) => (
              <li key={stop.destination_id} className="stop-list__item">
                <span className="stop-list__index" aria-hidden="true">{formatNumber(index + 1, language)}</span>
                <span className="stop-list__name">{stop.name}</span>
              </li>
            ))}
          </ol>
          {mapPoints.length > 0 ? (
            <div data-testid="order-map">
              <PointsMap label={t('orders.mapLabel', { number: isolate(o.trip_number) })} points={mapPoints} route height={320} />
            </div>
          ) : null}
        </section>
        {live}
        <section className="card card--plain stack">
          <h2 className="section-title">{t('orders.history')}</h2>
          <OrderTimeline entries={o.timeline ?? []} />
        </section>
      </div>
      <aside className="stack stack--loose">
        <section className="card card--plain stack">
          <h2 className="section-title">{t('trip.summary')}</h2>
          <dl className="order-facts">
            <dt>{t('orders.distance')}</dt>
            <dd>{formatDistanceKm(trip.total_distance, language)}</dd>
            <dt>{t('orders.duration')}</dt>
            <dd>{formatDuration(trip.total_duration, language)}</dd>
            <dt>{t('orders.waiting')}</dt>
            <dd>{formatHours(trip.total_waiting_hours, language)}</dd>
            {o.promo && o.promo.amount_off.minor > 0 ? (
              <>
                <dt>{t('orders.priceBeforePromo')}</dt>
                <dd><OrderMoney amount={o.promo.price_before} /></dd>
                <dt>{t('orders.promoLine', { code: isolate(o.promo.code) })}</dt>
                <dd data-testid="order-promo">
                  {'−'}
                  <OrderMoney amount={o.promo.amount_off} />
                </dd>
              </>
            ) : null}
            <dt>{t('orders.total')}</dt>
            <dd data-testid="order-total"><OrderMoney amount={o.total} prices={o.prices} /></dd>
            {o.paid.minor > 0 ? (
              <>
                <dt>{t('orders.paid')}</dt>
                <dd><OrderMoney amount={o.paid} /></dd>
              </>
            ) : null}
            {o.refunded.minor > 0 ? (
              <>
                <dt>{t('orders.refunded')}</dt>
                <dd data-testid="order-refunded"><OrderMoney amount={o.refunded} /></dd>
              </>
            ) : null}
          </dl>
        </section>
        <CancelledNotice order={o} />
        {o.pending_exchange ? <PendingChange change={o.pending_exchange} /> : null}
        {openRequest ? (
          <section className="card card--plain stack" data-testid="refund-request-open">
            <h2 className="section-title">{t('orders.refundRequestOpen')}</h2>
            <p>{t('orders.refundRequestOpenText', { time: t('common.cairoTime', { time: formatDate(openRequest.at, language, { dateStyle: 'medium', timeStyle: 'short' }) }) })}</p>
            <p>
              {t('orders.refundAskedFor')} <OrderMoney amount={openRequest.amount} />
            </p>
          </section>
        ) : null}
        {hasActions(o) ? (
          <section className="card card--plain stack" data-testid="order-actions">
            <h2 className="section-title">{t('orders.actionsTitle')}</h2>
            {/* The terms while they still apply: an order that can be cancelled, or paid for (then cancellable). */}
            {o.actions.cancel || o.actions.pay ? (
              <p className="muted small" data-testid="order-policy">
                {t('orders.policy', { hours: formatNumber(o.cancellation.free_hours_before, language), percent: formatNumber(o.cancellation.late_refund_percent, language) })}
              </p>
            ) : null}
            <div className="button-row">
              {o.actions.pay ? (
                <Button
                  loading={pay.isPending}
                  data-testid="pay-now"
                  onClick={() =>
                    pay.mutate(undefined, {
                      onSuccess: (url) => window.location.assign(url),
                      onError: (error) => toast.error(error instanceof PaymentPageTimeout ? t('orders.payPageSlow') : error.message),
                    })
                  }
                >
                  {t('orders.payNow')}
                </Button>
              ) : null}
              {o.actions.exchange ? <ButtonLink variant="secondary" to={paths.orderAction(o.id, 'exchange')}>{t('orders.actions.exchange')}</ButtonLink> : null}
              {o.actions.refund ? <ButtonLink variant="secondary" to={paths.orderAction(o.id, 'refund')}>{t('orders.actions.refund')}</ButtonLink> : null}
              {o.actions.cancel ? <ButtonLink variant="ghost" to={paths.orderAction(o.id, 'cancel')}>{t('orders.actions.cancel')}</ButtonLink> : null}
            </div>
          </section>
        ) : null}
      </aside>
    </div>
  );
}
