import { useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';

import { api } from '@/lib/api-client';
import { useCommand } from '@/lib/command';

const money = z.object({ amount: z.number(), minor: z.number(), currency: z.string() });
const trip = z.object({ date: z.string(), time: z.string(), pickup: z.object({ name: z.string() }), stops: z.array(z.object({ name: z.string() })), program: z.string().optional() });

export const adminOrderSchema = z.object({
  id: z.string(),
  status: z.string(),
  source: z.string(),
  placed_at: z.string(),
  contact: z.object({ first_name: z.string(), last_name: z.string(), email: z.string().optional(), phone: z.string().optional() }),
  trip,
  total: money,
  paid: money,
  refunded: money,
  owed: money,
  needs_attention: z.boolean(),
  attention: z.array(z.object({ reason: z.string(), amount: money, at: z.string() })),
  refund_requests: z.array(z.object({ reason: z.string(), amount: money, at: z.string() })),
});
export type AdminOrder = z.infer<typeof adminOrderSchema>;

export const adminEnquirySchema = z.object({
  trip_number: z.string(),
  status: z.string(),
  submitted_at: z.string(),
  trip,
  estimate: money,
  quote: z.object({ amount: money, valid_until: z.string(), note: z.string().optional() }).nullish(),
  contact: z.object({ first_name: z.string(), last_name: z.string(), email: z.string(), phone: z.string(), comments: z.string().optional() }).optional(),
});
export type AdminEnquiry = z.infer<typeof adminEnquirySchema>;

export const paymentRowSchema = z.object({
  payment_id: z.string(),
  order_id: z.string(),
  provider: z.string(),
  purpose: z.string(),
  amount_minor: z.number(),
  status: z.string(),
  captured_minor: z.number(),
  refunded_minor: z.number(),
  started_at: z.string(),
  notices: z.array(z.object({ kind: z.string(), notice_id: z.string(), outcome: z.string(), reason: z.string(), amount_minor: z.number(), at: z.string() })),
});

export interface OrderFilter {
  status: string;
  attention: boolean;
  refundRequested: boolean;
  q: string;
}

const ordersSchema = z.object({ data: z.array(adminOrderSchema), total: z.number() });

export function useAdminOrders(filter: OrderFilter) {
  return useQuery({
    queryKey: ['admin', 'purchase-orders', 'orders', filter],
    queryFn: ({ signal }) =>
      api.get('/api/admin/orders', {
        signal,
        schema: ordersSchema,
        query: { status: filter.status, attention: filter.attention ? '1' : '', refund_requested: filter.refundRequested ? '1' : '', q: filter.q, limit: 100 },
      }),
  });
}

const enquiriesSchema = z.object({ data: z.array(adminEnquirySchema), total: z.number() });

export function useAdminEnquiries(status: string) {
  return useQuery({
    queryKey: ['admin', 'purchase-orders', 'enquiries', status],
    queryFn: ({ signal }) => api.get('/api/admin/enquiries', { signal, schema: enquiriesSchema, query: { status, limit: 100 } }),
  });
}

const paymentsSchema = z.object({ data: z.array(paymentRowSchema) }).transform((value) => value.data);

export function useAdminPayments(ignoredOnly: boolean) {
  return useQuery({
    queryKey: ['admin', 'purchase-orders', 'payments', ignoredOnly],
    queryFn: ({ signal }) => api.get('/api/admin/payments', { signal, schema: paymentsSchema, query: { ignored: ignoredOnly ? '1' : '' } }),
  });
}

/** A staff action (refund, cancel, quote, decline); the lists refetch afterwards. */
export function useStaffAction<I>(run: (input: I) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useCommand({
    mutationFn: run,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: ['admin', 'purchase-orders'] }),
  });
}

const positiveAmount = z.string().refine((value) => Number(value) > 0);
const filled = z.string().refine((value) => value.trim() !== '');

/** A refund as staff type it: an amount in pounds above zero, and a reason. */
export const refundInputSchema = z.object({ amount: positiveAmount, reason: filled });
export type RefundInput = z.infer<typeof refundInputSchema>;

/** A quote as staff type it: an amount in pounds above zero; the date, time and note may stay as they are. */
export const quoteInputSchema = z.object({ amount: positiveAmount, date: z.string(), time: z.string(), note: z.string() });
export type QuoteInput = z.infer<typeof quoteInputSchema>;

export const refundOrder = (id: string, amount: number, reason: string) =>
  api.post(`/api/admin/orders/${encodeURIComponent(id)}/refund`, { amount, reason });
export const cancelOrderAsStaff = (id: string, reason: string) => api.post(`/api/admin/orders/${encodeURIComponent(id)}/cancel`, { reason });
export const quoteEnquiry = (id: string, input: { amount: number; note: string; valid_hours: number; date?: string; time?: string }) =>
  api.post(`/api/admin/enquiries/${encodeURIComponent(id)}/quote`, input);
export const declineEnquiry = (id: string, reason: string) => api.post(`/api/admin/enquiries/${encodeURIComponent(id)}/decline`, { reason });
