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
  return (
    <Timeline testId="order-timeline">
      {entries.map((entry, index) => {
        const money = amountOf(entry.data, 'amount') ?? amountOf(entry.data, 'refund_due') ?? amountOf(entry.data, 'difference') ?? amountOf(entry.data, 'total');
        const reason = reasonText(entry.data.reason);
        return (
          <TimelineItem
            key={`${entry.type}-${index}`}
            type={entry.type}
            what={eventName(entry.type)}
            at={entry.at}
            details={[
              money && money.amount !== 0 ? <span className="timeline__amount">{formatMoney(Math.abs(money.amount), money.currency as Currency, language)}</span> : null,
              reason ? <span className="muted">{reason}</span> : null,
            ]}
          />
        );
      })}
    </Timeline>
  );
}
