import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';

import { api } from '@/lib/api-client';

const schema = z
  .object({
    data: z.object({
      date: z.string(),
      status: z.enum(['available', 'blocked', 'out_of_range']),
      reason: z.string().optional(),
      /** Only the times at which the cart's trip fits one day (the server's one-day rule), Cairo's clock. */
      times: z.array(z.object({ time: z.string(), finish: z.string() })).default([]),
      time_zone: z.string().default('Africa/Cairo'),
      misfit: z.string().optional(),
      /** Why no time fits and what to do, when none does. */
      message: z.string().optional(),
      suggestion: z.string().optional(),
    }),
  })
  .transform((value) => value.data);
export type PickupTimes = z.infer<typeof schema>;

export function getPickupTimes(date: string, signal?: AbortSignal): Promise<PickupTimes> {
  return api.get('/api/orders/pickup-times', { query: { date }, schema, signal });
}

/**
 * The pickup times of a day that fit the signed-in traveller's cart. Under the cart's key, so a change
 * to the cart (a stop added, the order changed, the pickup moved) asks again.
 */
export function usePickupTimes(date: string, enabled = true) {
  return useQuery({
    queryKey: ['cart', 'pickup-times', date],
    queryFn: ({ signal }) => getPickupTimes(date, signal),
    enabled: enabled && /^\d{4}-\d{2}-\d{2}$/.test(date),
    staleTime: 30_000,
  });
}
