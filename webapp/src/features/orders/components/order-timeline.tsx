import { useTranslation } from 'react-i18next';

import { Timeline, TimelineItem, useEventName } from '@/components/ui/timeline';
import type { Currency } from '@/config/constants';
import { useLanguage } from '@/hooks/use-language';
import { formatMoney } from '@/utils/format';

import type { TimelineEntry } from '../api/types';

function amountOf(data: Record<string, unknown>, key: string): { amount: number; currency: string } | null {
  const value = data[key];
  if (value && typeof value === 'object' && 'minor' in value && 'currency' in value) {
    const v = value;
    if (typeof v.minor === 'number' && typeof v.currency === 'string') return { amount: v.minor / 100, currency: v.currency };
  }
  return null;
}

/** What happened to the order, from its events, oldest first. */
export function OrderTimeline({ entries }: { entries: ReadonlyArray<TimelineEntry> }) {
  const { t, i18n } = useTranslation();
  const language = useLanguage();
  const eventName = useEventName();
  // A reason is a code the app words (card_declined) or a person's own words (a cancellation's); a
  // code it has no words for is left out rather than shown as it is.
  const reasonText = (reason: unknown): string | null => {
    if (typeof reason !== 'string' || !reason) return null;
    if (i18n.exists(`orders.reasons.${reason}`)) return t(`orders.reasons.${reason}`);
    return /^[a-z0-9]+(_[a-z0-9]+)+$/.test(reason) ? null : reason;
  };
  // A change's difference says which way the money goes: paid (or, while the change waits for it,
  // to pay) for a dearer trip, to be refunded for a cheaper one.
  const differenceText = (type: string, amount: number, shown: string): string => {
    if (amount === 0) return t('orders.timelineDifference.none');
    if (amount < 0) return t('orders.timelineDifference.toRefund', { amount: shown });
    return t(type === 'ExchangeRequested' ? 'orders.timelineDifference.toPay' : 'orders.timelineDifference.paid', { amount: shown });
  };
  return (
    <Timeline testId="order-timeline">
      {entries.map((entry, index) => {
        const difference = amountOf(entry.data, 'difference');
        const money = amountOf(entry.data, 'amount') ?? amountOf(entry.data, 'refund_due') ?? (difference ? null : amountOf(entry.data, 'total'));
        const reason = reasonText(entry.data.reason);
        const shown = (m: { amount: number; currency: string }) => formatMoney(Math.abs(m.amount), m.currency as Currency, language);
        return (
          <TimelineItem
            key={`${entry.type}-${index}`}
            type={entry.type}
            what={eventName(entry.type)}
            at={entry.at}
            details={[
              money && money.amount !== 0 ? <span className="timeline__amount">{shown(money)}</span> : null,
              difference ? <span className="timeline__amount">{differenceText(entry.type, difference.amount, shown(difference))}</span> : null,
              reason ? <span className="muted">{reason}</span> : null,
            ]}
          />
        );
      })}
    </Timeline>
  );
}
