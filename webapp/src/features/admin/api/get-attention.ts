import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';

import { api } from '@/lib/api-client';
import { OFFLINE_REFRESH_MS, useLiveConnected, useLiveRefresh } from '@/lib/live-refresh';
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

const attentionKey = ['admin', 'dashboard', 'attention'] as const;

export const attentionQueryOptions = () => queryOptions({ queryKey: attentionKey, queryFn: ({ signal }) => getAttention(signal), staleTime: 15_000 });

/**
 * The stuck process steps come from the job queue, not from events: the queue announces each step
 * that becomes stuck or leaves the list with its own notice, which only this query needs. Jobs
 * changed in the database by hand, or by a release older than the notice, announce nothing, so a
 * slow timer stays while the socket is up.
 */
const STUCK_STEPS_REFRESH_MS = 120_000;

/**
 * The needs-attention queue: read again on live notices (the read models', through AdminDashboard;
 * the stuck steps' here), on a slow timer otherwise.
 */
export function useAttention() {
  useLiveRefresh(attentionKey, ['steps.changed']);
  const connected = useLiveConnected();
  return useQuery({ ...attentionQueryOptions(), refetchInterval: connected ? STUCK_STEPS_REFRESH_MS : OFFLINE_REFRESH_MS });
}
