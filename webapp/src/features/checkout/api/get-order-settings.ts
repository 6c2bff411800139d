import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';

import { api } from '@/lib/api-client';

const schema = z
  .object({
    data: z.object({
      lead_hours: z.number(),
      window_days: z.number(),
      hold_minutes: z.number(),
      free_cancellation_hours: z.number(),
      late_refund_percent: z.number(),
      // How long before its start a booked trip can no longer be changed (absent from an older server).
      change_cutoff_hours: z.number().optional(),
      provider: z.string(),
      time_step_minutes: z.number(),
    }),
  })
  .transform((value) => value.data);
export type OrderSettings = z.infer<typeof schema>;

export function getOrderSettings(signal?: AbortSignal): Promise<OrderSettings> {
  return api.get('/api/orders/settings', { schema, signal });
}

/** The booking rules: lead time, booking window, payment hold and cancellation policy. */
export function useOrderSettings() {
  return useQuery({ queryKey: ['orders', 'settings'], queryFn: ({ signal }) => getOrderSettings(signal), staleTime: 5 * 60_000 });
}
