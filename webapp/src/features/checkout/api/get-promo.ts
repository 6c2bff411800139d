import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { z } from 'zod';

import { api } from '@/lib/api-client';

const money = z.object({ minor: z.number(), currency: z.string() });

const schema = z
  .object({
    data: z.object({
      code: z.string(),
      kind: z.enum(['percent', 'amount']),
      percent: z.number().default(0),
      amount_off: money,
      price_before: money,
      price_after: money,
      title: z.object({ en: z.string(), ar: z.string().default('') }).nullish(),
    }),
  })
  .transform((value) => value.data);
export type PromoQuote = z.infer<typeof schema>;

export interface PromoQuery {
  code: string;
  rate_plan_id: string;
  date: string;
  time: string;
}

/** What a promo code takes off the cart for the chosen rate plan and start (GET /api/orders/promo). */
export function getPromo(query: PromoQuery, signal?: AbortSignal): Promise<PromoQuote> {
  return api.get('/api/orders/promo', { query: { ...query }, schema, signal });
}

/** Asked once the code is applied and the rate plan, date and time are chosen; again when they change. */
export function usePromo(query: PromoQuery) {
  const ready = Boolean(query.code && query.rate_plan_id && /^\d{4}-\d{2}-\d{2}$/.test(query.date) && /^\d{2}:\d{2}$/.test(query.time));
  return useQuery({
    queryKey: ['cart', 'promo', query],
    queryFn: ({ signal }) => getPromo(query, signal),
    enabled: ready,
    retry: false,
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
}
