import { queryOptions, useQuery } from '@tanstack/react-query';

import { CURRENCIES, type Currency } from '@/config/constants';
import { api } from '@/lib/api-client';

import type { CurrencyInfo } from './schemas';

const loadSchema = () => import('./schemas').then((m) => m.currenciesSchema);

export function getCurrencies(signal?: AbortSignal): Promise<CurrencyInfo[]> {
  return api.get('/api/currencies', { schema: loadSchema, signal });
}

export function ratesFrom(list: readonly CurrencyInfo[]): Partial<Record<Currency, number>> {
  const rates: Partial<Record<Currency, number>> = { EGP: 1 };
  for (const item of list) {
    const code = item.code.toUpperCase();
    if ((CURRENCIES as readonly string[]).includes(code) && item.rate > 0) rates[code as Currency] = item.rate;
  }
  return rates;
}

export const currenciesQueryOptions = () =>
  queryOptions({ queryKey: ['currencies'], queryFn: ({ signal }) => getCurrencies(signal), staleTime: 60 * 60_000 });

export function useCurrencies() {
  return useQuery(currenciesQueryOptions());
}
