import { useTranslation } from 'react-i18next';

import { useLanguage } from '@/hooks/use-language';
import { formatDate } from '@/utils/format';

/** What closing a payment's page came to (docs/openapi.yaml: an order payment's `closed`, the audit's close_*). */
export interface PageClose {
  at: string;
  outcome: string;
  why: string;
}

const OUTCOMES = new Set(['closed', 'not_open', 'cannot_close']);

/**
 * A payment page the shop closed (its order cancelled, its change given up): when, on Cairo's clock
 * and labelled so, what came of it and why, so staff never read it as still waiting for a card. One
 * the provider could not close (Paymob) says it stays payable until it lapses.
 */
export function PageClosed({ close }: { close: PageClose }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const time = t('common.cairoTime', { time: formatDate(close.at, language, { dateStyle: 'medium', timeStyle: 'short' }) });
  const why = t(`purchaseOrders.money.pageClosed.why.${close.why}`, { defaultValue: close.why });
  const outcome = OUTCOMES.has(close.outcome) ? close.outcome : 'closed';
  return (
    <span className={outcome === 'cannot_close' ? 'field__error small' : 'muted small'} data-testid="page-closed" data-outcome={outcome}>
      {t(`purchaseOrders.money.pageClosed.${outcome}`, { time, why })}
    </span>
  );
}
