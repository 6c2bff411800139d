import { useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';

import { api } from '@/lib/api-client';
import { useCommand } from '@/lib/command';
import { awaitPaymentPage } from '@/lib/payment-page';

import { moneySchema, orderKey, orderSchema, ordersKey, type Order } from './types';

const orderAnswer = z
  .object({ data: orderSchema, refunded: moneySchema.optional(), refund_failed: z.boolean().optional(), payment_url: z.string().optional() })
  .transform((value) => ({ order: value.data, refunded: value.refunded, refundFailed: value.refund_failed ?? false, paymentUrl: value.payment_url ?? null }));
export type ActionResult = z.infer<typeof orderAnswer>;

export function cancelOrder(id: string, reason: string): Promise<ActionResult> {
  return api.post(`/api/orders/${encodeURIComponent(id)}/cancel`, { reason }, { schema: orderAnswer });
}

export function requestRefund(id: string, reason: string, amount: number): Promise<ActionResult> {
  return api.post(`/api/orders/${encodeURIComponent(id)}/refund`, { reason, amount }, { schema: orderAnswer });
}

export interface ExchangeInput {
  date: string;
  time: string;
  rate_plan_id?: string;
}

export function exchangeOrder(id: string, input: ExchangeInput): Promise<ActionResult> {
  return api.post(`/api/orders/${encodeURIComponent(id)}/exchange`, input, { schema: orderAnswer });
}

// 200 carries the payment page; 202 means the provider is still opening it (lib/payment-page).
const payAnswer = z.object({
  payment_url: z.string().optional(),
  data: z.object({ payment_pending: z.boolean().optional(), poll: z.string().optional() }).optional(),
});

export async function payOrder(id: string): Promise<string> {
  const answer = await api.post(`/api/orders/${encodeURIComponent(id)}/pay`, {}, { schema: payAnswer });
  if (answer.payment_url) return answer.payment_url;
  return awaitPaymentPage(answer.data?.poll ?? `/api/orders/${encodeURIComponent(id)}`, id);
}

/** A change to an order: the answer replaces the cached order, and the history refetches. */
export function useOrderAction<I>(id: string, run: (input: I) => Promise<ActionResult>) {
  const queryClient = useQueryClient();
  return useCommand({
    mutationFn: run,
    onSuccess: (result) => {
      queryClient.setQueryData<Order>(orderKey(id), result.order);
      void queryClient.invalidateQueries({ queryKey: ordersKey, exact: true });
    },
  });
}

export function usePayOrder(id: string) {
  return useCommand({ mutationFn: () => payOrder(id) });
}
