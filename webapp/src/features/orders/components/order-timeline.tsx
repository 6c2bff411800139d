import { useTranslation } from 'react-i18next';

import type { Currency } from '@/config/constants';
import { useLanguage } from '@/hooks/use-language';
import { formatDate, formatMoney } from '@/utils/format';

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
  const { t } = useTranslation();
  const language = useLanguage();
  return (
    <ol className="timeline" data-testid="order-timeline">
      {entries.map((entry, index) => {
        const money = amountOf(entry.data, 'amount') ?? amountOf(entry.data, 'refund_due') ?? amountOf(entry.data, 'difference') ?? amountOf(entry.data, 'total');
        const reason = typeof entry.data.reason === 'string' && entry.data.reason ? entry.data.reason : null;
        return (
          <li key={`${entry.type}-${index}`} className="timeline__item" data-type={entry.type}>
            <span className="timeline__what">{t(`orders.timeline.${entry.type}`, { defaultValue: entry.type })}</span>
            {money && money.amount !== 0 ? <span> · {formatMoney(Math.abs(money.amount), money.currency as Currency, language)}</span> : null}
            {reason ? <span className="muted"> · {t(`orders.reasons.${reason}`, { defaultValue: reason })}</span> : null}
            <time className="timeline__when muted small" dateTime={entry.at}>
              {' '}
              {t('common.cairoTime', { time: formatDate(entry.at, language, { dateStyle: 'medium', timeStyle: 'short' }) })}
            </time>
          </li>
        );
      })}
    </ol>
  );
}
