import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';

import { api } from '@/lib/api-client';
import { OFFLINE_REFRESH_MS, useLiveConnected } from '@/lib/live-refresh';
import { numeric, oneOf } from '@/lib/schemas';

export const attentionItemSchema = z.object({
  kind: z.string(),
  order_id: z.string().optional(),
  payment_id: z.string().optional(),
  amount: numeric.default(0),
  currency: z.string().optional(),
  since: z.string(),
  day: z.string().optional(),
  step_id: z.string().optional(),
  step_kind: z.string().optional(),
  attempts: numeric.optional(),
  last_error: z.string().optional(),
});
export type AttentionItem = z.infer<typeof attentionItemSchema>;

export const attentionSchema = z.object({ time_zone: z.string(), tomorrow: z.string(), items: z.array(attentionItemSchema) });
export type Attention = z.infer<typeof attentionSchema>;

const schema = oneOf(attentionSchema);

export function getAttention(signal?: AbortSignal): Promise<Attention> {
  return api.get('/api/admin/dashboard/attention', { schema, signal });
}

export const attentionQueryOptions = () =>
  queryOptions({ queryKey: ['admin', 'dashboard', 'attention'], queryFn: ({ signal }) => getAttention(signal), staleTime: 15_000 });

/**
 * A process step that keeps failing records no event and sends no notice until it gives up, so
 * while the socket is up the queue still reads the stuck steps again every two minutes.
 */
const STUCK_STEPS_REFRESH_MS = 120_000;

/** The needs-attention queue: read again on live notices (AdminDashboard), on a slow timer otherwise. */
export function useAttention() {
  const connected = useLiveConnected();
  return useQuery({ ...attentionQueryOptions(), refetchInterval: connected ? STUCK_STEPS_REFRESH_MS : OFFLINE_REFRESH_MS });
}
