import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';

import { api } from '@/lib/api-client';
import { payQuotedEnquiry } from '@/lib/payment-page';
import { useCommand } from '@/lib/command';

const orderStatusSchema = z
  .object({
    data: z.object({ id: z.string(), status: z.string(), payment_url: z.string().optional(), actions: z.object({ pay: z.boolean().optional() }).optional() }),
  })
  .transform((value) => value.data);
export type OrderStatus = z.infer<typeof orderStatusSchema>;

export function getOrderStatus(id: string, signal?: AbortSignal): Promise<OrderStatus> {
  return api.get(`/api/orders/${encodeURIComponent(id)}`, { schema: orderStatusSchema, signal });
}

/**
 * The order a payment was for, polled until the provider's notice has reached it: the browser often
 * comes back before the server-to-server notice is recorded.
 */
export function useOrderStatus(id: string, enabled: boolean) {
  return useQuery({
    queryKey: ['payments', 'order', id],
    queryFn: ({ signal }) => getOrderStatus(id, signal),
    enabled: enabled && Boolean(id),
    retry: false,
    refetchInterval: (query) => (query.state.data?.status === 'awaiting_payment' ? 1500 : false),
  });
}

/** Opens the payment of a quoted enquiry (its payment link); the e-mail proves the trip. */
export function payEnquiry(tripNumber: string, email: string): Promise<string> {
  return payQuotedEnquiry(tripNumber, { email });
}

export function usePayEnquiry() {
  return useCommand({ mutationFn: ({ tripNumber, email }: { tripNumber: string; email: string }) => payEnquiry(tripNumber, email) });
}

export type PaymentOutcome = 'success' | 'failure' | 'pending';

export function outcomeOf(status: string | null | undefined): PaymentOutcome {
  const value = (status ?? '').toLowerCase();
  if (['success', 'succeeded', 'paid', 'captured', 'confirmed'].includes(value)) return 'success';
  if (['failure', 'failed', 'declined', 'cancelled', 'canceled', 'error', 'payment_failed', 'expired'].includes(value)) return 'failure';
  return 'pending';
}
