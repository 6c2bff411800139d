import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';

import { CURRENCIES, type Currency } from '@/config/constants';
import { api } from '@/lib/api-client';
import { listOf, numeric } from '@/lib/schemas';

/** `rate`: units of this currency that one EGP buys. */
export const currencySchema = z
  .object({
    currency: z.string().optional(),
    code: z.string().optional(),
    name: z.string().nullish(),
    symbol: z.string().nullish(),
    rate: numeric,
  })
  .transform((c) => ({ ...c, code: c.code ?? c.currency ?? '' }));
export type CurrencyInfo = z.infer<typeof currencySchema>;

const schema = listOf(currencySchema);

export function getCurrencies(signal?: AbortSignal): Promise<CurrencyInfo[]> {
  return api.get('/api/currencies', { schema, signal });
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
