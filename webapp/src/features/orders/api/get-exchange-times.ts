import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';

import { api } from '@/lib/api-client';

const schema = z
  .object({
    data: z.object({
      date: z.string(),
      status: z.enum(['available', 'blocked', 'out_of_range']),
      reason: z.string().optional(),
      /** Only the times at which the order's trip fits one day (the server's one-day rule), Cairo's clock. */
      times: z.array(z.object({ time: z.string(), finish: z.string() })).default([]),
      time_zone: z.string().default('Africa/Cairo'),
      misfit: z.string().optional(),
      /** Why no time fits and what to do, when none does. */
      message: z.string().optional(),
    }),
  })
  .transform((value) => value.data);
export type ExchangeTimes = z.infer<typeof schema>;

export function getExchangeTimes(id: string, date: string, signal?: AbortSignal): Promise<ExchangeTimes> {
  return api.get(`/api/orders/${encodeURIComponent(id)}/exchange/pickup-times`, { query: { date }, schema, signal });
}

/** The pickup times of a day the order could be moved to: those at which its own trip fits the day. */
export function useExchangeTimes(id: string, date: string) {
  return useQuery({
    queryKey: ['account', 'orders', id, 'exchange-times', date],
    queryFn: ({ signal }) => getExchangeTimes(id, date, signal),
    enabled: /^\d{4}-\d{2}-\d{2}$/.test(date),
    staleTime: 30_000,
  });
}
