import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';

import { api } from '@/lib/api-client';
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

export function useAttention() {
  return useQuery(attentionQueryOptions());
}
