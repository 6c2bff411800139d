import { useTranslation } from 'react-i18next';

import { useLanguage } from '@/hooks/use-language';
import { formatDate } from '@/utils/format';

import type { Order } from '../api/types';

import { OrderMoney } from './money-text';

type Refund = Order['refunds'][number];

/** One refund and where it is: sent, on its way, or refused by the provider. */
function RefundLine({ refund }: { refund: Refund }) {
  const { t } = useTranslation();
  const key = refund.status === 'issued' ? 'orders.cancelledNotice.refundIssued' : refund.status === 'failed' ? 'orders.cancelledNotice.refundFailed' : 'orders.cancelledNotice.refundOnItsWay';
  return (
    <li data-testid="cancelled-refund">
      <OrderMoney amount={refund.amount} /> {t(key)}
    </li>
  );
}

/**
 * A cancelled order says, in the reader's language, who cancelled it (the traveller or the office,
 * and whether the trip had started), when (Cairo time), the office's own words as a quoted note, and
 * what became of the money: the refund with its state, or why nothing comes back.
 */
export function CancelledNotice({ order: o }: { order: Order }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const c = o.cancelled;
  if (o.status !== 'cancelled' || !c) return null;
  const when = t('common.cairoTime', { time: formatDate(c.at, language, { dateStyle: 'medium', timeStyle: 'short' }) });
  const who = !c.by_staff
    ? 'orders.cancelledNotice.byYou'
    : c.underway
      ? 'orders.cancelledNotice.byOfficeUnderway'
      : c.initiated_by === 'traveller'
        ? 'orders.cancelledNotice.byOfficeForYou'
        : 'orders.cancelledNotice.byOffice';
  // Refunds made since the cancellation (its own, or the office's afterwards).
  const refunds = o.refunds.filter((r) => r.at >= c.at || r.reason === 'cancellation');
  let money: string | null = null;
  if (refunds.length === 0) {
    if (c.refund_due.minor > 0) money = 'orders.cancelledNotice.refundComing';
    else if (o.paid.minor - o.refunded.minor <= 0) money = o.paid.minor > 0 ? 'orders.cancelledNotice.nothingLeft' : 'orders.cancelledNotice.nothingPaid';
    else if (c.underway) money = 'orders.cancelledNotice.underwayNoRefund';
    else money = 'orders.cancelledNotice.nothingBack';
  }
  return (
    <section className="card card--plain stack" data-testid="cancelled-notice">
      <h2 className="section-title">{t('orders.cancelledNotice.title')}</h2>
      <p>{t(who, { time: when })}</p>
      {c.by_staff && c.reason ? (
        <figure className="stack" data-testid="cancelled-office-note">
          <figcaption className="muted small">{t('orders.cancelledNotice.officeNote')}</figcaption>
          <blockquote className="office-note">
            <bdi>{c.reason}</bdi>
          </blockquote>
        </figure>
      ) : null}
      {refunds.length > 0 ? (
        <ul className="stack" data-testid="cancelled-refunds">
          {refunds.map((r) => (
            <RefundLine key={r.id} refund={r} />
          ))}
        </ul>
      ) : null}
      {money ? (
        <p data-testid="cancelled-money">
          {t(money)} {money === 'orders.cancelledNotice.refundComing' ? <OrderMoney amount={c.refund_due} /> : money === 'orders.cancelledNotice.nothingBack' && c.kept ? <OrderMoney amount={c.kept} /> : null}
        </p>
      ) : null}
    </section>
  );
}
