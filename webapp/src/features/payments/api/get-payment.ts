import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';

import { api } from '@/lib/api-client';
import { idSchema, oneOf } from '@/lib/schemas';

export const paymentSchema = z.object({
  id: idSchema,
  status: z.string(),
  order_id: idSchema.nullish(),
});
export type Payment = z.infer<typeof paymentSchema>;

const schema = oneOf(paymentSchema);

export function getPayment(id: string, signal?: AbortSignal): Promise<Payment> {
  return api.get(`/api/payments/${encodeURIComponent(id)}`, { schema, signal });
}

export const paymentQueryOptions = (id: string) =>
  queryOptions({ queryKey: ['payments', id], queryFn: ({ signal }) => getPayment(id, signal) });

export function usePayment(id: string) {
  return useQuery(paymentQueryOptions(id));
}

export type PaymentOutcome = 'success' | 'failure' | 'pending';

export function outcomeOf(status: string | null | undefined): PaymentOutcome {
  const value = (status ?? '').toLowerCase();
  if (['success', 'succeeded', 'paid', 'captured'].includes(value)) return 'success';
  if (['failure', 'failed', 'declined', 'cancelled', 'canceled', 'error'].includes(value)) return 'failure';
  return 'pending';
}
