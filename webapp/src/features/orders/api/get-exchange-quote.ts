import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';

import { api } from '@/lib/api-client';

import { moneySchema, tripSchema } from './types';

const schema = z
  .object({ data: z.object({ trip: tripSchema, total: moneySchema, difference: moneySchema, prices: z.array(moneySchema) }) })
  .transform((value) => value.data);
export type ExchangeQuote = z.infer<typeof schema>;

export function getExchangeQuote(id: string, date: string, time: string, ratePlanId: string, signal?: AbortSignal): Promise<ExchangeQuote> {
  return api.get(`/api/orders/${encodeURIComponent(id)}/exchange/quote`, { query: { date, time, rate_plan_id: ratePlanId }, schema, signal });
}

/** The price of moving the order, asked for once a date and a time are chosen. */
export function useExchangeQuote(id: string, date: string, time: string, ratePlanId: string) {
  return useQuery({
    queryKey: ['account', 'orders', id, 'exchange', date, time, ratePlanId],
    queryFn: ({ signal }) => getExchangeQuote(id, date, time, ratePlanId, signal),
    enabled: Boolean(date && time),
    retry: false,
  });
}
