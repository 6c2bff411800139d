import type { Currency } from '@/config/constants';
import { useLanguage } from '@/hooks/use-language';
import { useCurrencyStore } from '@/stores/currency-store';
import { formatMoney } from '@/utils/format';

import { inCurrency, type Money } from '../api/types';

/**
 * An order's amount: charged in EGP, shown in the visitor's currency as well, converted at the rates
 * the order recorded (not today's), so the figure never changes after booking.
 */
export function OrderMoney({ amount, prices, className }: { amount: Money; prices?: ReadonlyArray<Money>; className?: string }) {
  const language = useLanguage();
  const currency = useCurrencyStore((state) => state.currency);
  const shown = currency !== amount.currency && prices ? inCurrency(prices, currency) : undefined;
  return (
    <span className={className ?? 'price'}>
      {formatMoney(amount.amount, amount.currency as Currency, language)}
      {shown ? <span className="muted small"> ≈ {formatMoney(shown.amount, shown.currency as Currency, language)}</span> : null}
    </span>
  );
}
