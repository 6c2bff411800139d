import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';

import { Icon } from '@/components/ui/icon';
import { SkeletonGrid, ErrorState } from '@/components/ui/states';
import type { Currency, Language } from '@/config/constants';
import { paths } from '@/config/paths';
import { useLanguage } from '@/hooks/use-language';
import { formatDate, formatMoney, formatNumber } from '@/utils/format';
import { useDetailSeparator } from '@/hooks/use-detail-separator';

import { useAttention, type AttentionItem } from '../api/get-attention';

const KINDS = [
  'refund_requested',
  'amount_mismatch',
  'refund_failed',
  'paid_without_capacity',
  'duplicate_payment',
  'paid_after_cancellation',
  'paid_for_abandoned_exchange',
  'no_driver',
  'driver_taken_off',
  'stuck_step',
  'quote_on_closed_day',
  'trip_on_closed_day',
] as const;

// Items about a trip's day, which they show: a trip without a driver, a start the office now refuses.
const DAY_KINDS = new Set(['no_driver', 'driver_taken_off', 'quote_on_closed_day', 'trip_on_closed_day']);

/** The words of an item's kind (admin.dashboard.attention.kinds), "other" for a kind this app does not know. */
export function kindKey(kind: string): string {
  return (KINDS as readonly string[]).includes(kind) ? kind : 'other';
}

/** Where staff act on an item: the order, the trips board of its day, or the process steps. */
export function attentionLink(item: AttentionItem): string {
  if (item.kind === 'stuck_step') return paths.admin.processSteps;
  if (item.kind === 'no_driver' || item.kind === 'driver_taken_off') return `${paths.admin.trips}?date=${encodeURIComponent(item.day ?? '')}`;
  return paths.admin.purchaseOrdersFor(item.order_id ?? '');
}

function cairoTime(value: string, language: Language): string {
  return formatDate(value, language, { dateStyle: 'medium', timeStyle: 'short' });
}

/** The needs-attention queue: each item says what happened, on which order, since when, and links to where it is settled. */
export function AttentionQueue() {
  const separator = useDetailSeparator();
  const { t } = useTranslation();
  const language = useLanguage();
  const attention = useAttention();
  return (
    <section className="attention" aria-labelledby="attention-title" data-testid="attention-queue">
      <h2 id="attention-title" className="section-title">
        {t('admin.dashboard.attention.title')}
        {attention.data ? <span className="attention__count"> ({formatNumber(attention.data.items.length, language)})</span> : null}
      </h2>
      {attention.isPending ? (
        <SkeletonGrid count={2} variant="row" />
      ) : attention.isError ? (
        <ErrorState title={t('admin.dashboard.attention.loadFailed')} onRetry={() => void attention.refetch()} compact />
      ) : attention.data.items.length === 0 ? (
        <p className="attention__empty" data-testid="attention-empty">
          <Icon name="check" size={18} /> {t('admin.dashboard.attention.empty')}
        </p>
      ) : (
        <ul className="attention__list">
          {attention.data.items.map((item) => (
            <li key={`${item.kind}-${item.order_id ?? ''}-${item.step_id ?? ''}-${item.since}`} className="attention__item" data-kind={item.kind} data-order={item.order_id ?? ''}>
              <Link to={attentionLink(item)} className="attention__link">
                <span className="attention__kind">{t(`admin.dashboard.attention.kinds.${kindKey(item.kind)}`)}</span>
                <span className="attention__what">
                  {item.order_id ? <bdi>{item.order_id}</bdi> : null}
                  {item.amount ? <span>{separator}{formatMoney(item.amount, (item.currency ?? 'EGP') as Currency, language)}</span> : null}
                  {DAY_KINDS.has(item.kind) && item.day ? (
                    <span>{separator}{formatDate(`${item.day}T00:00:00Z`, language, { dateStyle: 'medium', timeZone: 'UTC' })}</span>
                  ) : null}
                  {item.kind === 'stuck_step' && item.attempts ? <span>{separator}{t('admin.dashboard.attention.attempts', { n: formatNumber(item.attempts, language) })}</span> : null}
                </span>
                <span className="attention__since muted small">{t('admin.dashboard.attention.since', { time: cairoTime(item.since, language) })}</span>
                <Icon name="arrowEnd" size={16} className="flip-rtl attention__arrow" />
              </Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
