// Prices are stored in the currency the server sends (EGP for the catalogue)
// and shown in the visitor's currency. The app shell provides the chosen
// currency and the conversion rates; shared UI never reaches into features.
import { createContext, useCallback, useContext, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

import { BASE_CURRENCY, type Currency } from '@/config/constants';
import { isLanguage } from '@/lib/i18n';
import { formatMoney } from '@/utils/format';

/** Units of each currency that one EGP buys. */
export type CurrencyRates = Partial<Record<Currency, number>>;

interface MoneySettings {
  currency: Currency;
  rates: CurrencyRates;
}

const MoneyContext = createContext<MoneySettings>({ currency: BASE_CURRENCY, rates: { EGP: 1 } });

export function MoneyProvider({ currency, rates, children }: MoneySettings & { children: ReactNode }) {
  return <MoneyContext.Provider value={{ currency, rates }}>{children}</MoneyContext.Provider>;
}

export function convert(amount: number, from: Currency, to: Currency, rates: CurrencyRates): { amount: number; currency: Currency } {
  if (from === to) return { amount, currency: from };
  const fromRate = from === BASE_CURRENCY ? 1 : rates[from];
  const toRate = to === BASE_CURRENCY ? 1 : rates[to];
  if (!fromRate || !toRate) return { amount, currency: from };
  return { amount: (amount / fromRate) * toRate, currency: to };
}

export function useFormatPrice(): (amount: number, from?: Currency) => string {
  const { currency, rates } = useContext(MoneyContext);
  const { i18n } = useTranslation();
  const language = isLanguage(i18n.language) ? i18n.language : 'en';
  return useCallback(
    (amount: number, from: Currency = BASE_CURRENCY) => {
      const shown = convert(amount, from, currency, rates);
      const rounded = shown.currency === from ? shown.amount : Math.round(shown.amount * 100) / 100;
      return formatMoney(rounded, shown.currency, language);
    },
    [currency, rates, language],
  );
}

export function Price({ amount, from, className }: { amount: number; from?: Currency; className?: string }) {
  const format = useFormatPrice();
  return <span className={className ?? 'price'}>{format(amount, from)}</span>;
}
