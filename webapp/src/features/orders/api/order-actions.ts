import { useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';

import { api } from '@/lib/api-client';
import { useCommand } from '@/lib/command';
import { payOrder } from '@/lib/payment-page';

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
