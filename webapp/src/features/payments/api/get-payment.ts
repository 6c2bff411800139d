import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';

import { api } from '@/lib/api-client';
import { payQuotedEnquiry } from '@/lib/payment-page';
import { useCommand } from '@/lib/command';

const moneySchema = z.object({ amount: z.number(), minor: z.number(), currency: z.string() });
type Money = z.infer<typeof moneySchema>;

const orderStatusSchema = z
  .object({
    data: z.object({
      id: z.string(),
      status: z.string(),
      payment_url: z.string().optional(),
      actions: z.object({ pay: z.boolean().optional() }).optional(),
      // Oldest first: the last is the payment the traveller has just come back from.
      payments: z.array(z.object({ id: z.string(), purpose: z.string().optional(), status: z.string().optional() })).optional(),
      attention: z.array(z.object({ reason: z.string(), payment_id: z.string().optional(), amount: moneySchema })).optional(),
      refunds: z.array(z.object({ payment_id: z.string(), reason: z.string(), amount: moneySchema, status: z.string() })).optional(),
    }),
  })
  .transform((value) => value.data);
export type OrderStatus = z.infer<typeof orderStatusSchema>;

/** Why a payment that arrived was sent back in full: the order was cancelled, or the change it paid was given up. */
type SentBackReason = 'paid_after_cancellation' | 'paid_for_abandoned_exchange';

export interface SentBack {
  reason: SentBackReason;
  amount: Money;
  /** The refund reached the provider (issued), or is still on its way. */
  issued: boolean;
}

function sentBackReason(reason: string): SentBackReason | null {
  return reason === 'paid_after_cancellation' || reason === 'paid_for_abandoned_exchange' ? reason : null;
}

/**
 * The order's latest payment, when it arrived after its order was cancelled (or its change given up)
 * and is therefore sent back in full: the server's refund (or, before it is ordered, its attention
 * item) says so. Null for any other payment.
 */
export function sentBackOf(order: OrderStatus): SentBack | null {
  const last = order.payments?.at(-1);
  if (!last) return null;
  for (const refund of order.refunds ?? []) {
    const reason = sentBackReason(refund.reason);
    if (reason && refund.payment_id === last.id) return { reason, amount: refund.amount, issued: refund.status === 'issued' };
  }
  for (const item of order.attention ?? []) {
    const reason = sentBackReason(item.reason);
    if (reason && item.payment_id === last.id) return { reason, amount: item.amount, issued: false };
  }
  return null;
}

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
