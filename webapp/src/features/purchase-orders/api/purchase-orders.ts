import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { z } from 'zod';

import { api } from '@/lib/api-client';
import { useCommand } from '@/lib/command';
import { live } from '@/lib/live';

import { toMinor } from '../utils/money';

const money = z.object({ amount: z.number(), minor: z.number(), currency: z.string() });
const trip = z.object({
  date: z.string(),
  time: z.string(),
  pickup: z.object({ name: z.string() }),
  stops: z.array(z.object({ name: z.string() })),
  program: z.string().optional(),
  // The car class the traveller chose.
  rate_plan: z.object({ name: z.string() }).optional(),
});

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
  refund_pending: money.optional(),
  needs_attention: z.boolean(),
  attention: z.array(z.object({ reason: z.string(), payment_id: z.string().optional(), amount: money, at: z.string() })),
  refund_requests: z.array(z.object({ reason: z.string(), amount: money, at: z.string() })),
  // What cancelling now would do (docs/openapi.yaml, GET /api/orders/{id}): at the traveller's request
  // (refund, keep, under the policy) or by the business (refund_by_business: everything held).
  cancellation: z.object({ refund: money, keep: money.optional(), refund_by_business: money.optional() }).optional(),
  // The last request waits for staff's answer (a refund or a cancellation closes it).
  refund_request_open: z.boolean().default(false),
  // What the processes record of the money (docs/openapi.yaml, Order): each payment asked and what came
  // in (review: it differs and waits for staff; accepted: staff took it), each refund ordered and how it ended.
  payments: z
    .array(
      z.object({
        id: z.string(),
        purpose: z.string(),
        provider: z.string(),
        amount: money,
        status: z.string(),
        received: money,
        refunded: money,
        review: z.boolean().optional(),
        accepted: z.boolean().optional(),
        reason: z.string().optional(),
        // The shop closed its page (order cancelled, change given up): when, what came of it, why.
        closed: z.object({ at: z.string(), outcome: z.string(), why: z.string() }).optional(),
      }),
    )
    .default([]),
  refunds: z
    .array(z.object({ id: z.string(), payment_id: z.string(), amount: money, reason: z.string(), at: z.string(), status: z.string(), failure: z.string().optional() }))
    .default([]),
});
export type AdminOrder = z.infer<typeof adminOrderSchema>;

export const adminEnquirySchema = z.object({
  trip_number: z.string(),
  /** What it asks about (program or itinerary); guest: sent without an account. */
  about: z.string().optional(),
  guest: z.boolean().optional(),
  status: z.string(),
  submitted_at: z.string(),
  trip,
  estimate: money,
  quote: z.object({ amount: money, valid_until: z.string(), note: z.string().optional() }).nullish(),
  // The quote's day is one the office has since closed: its traveller cannot pay until it is quoted again.
  needs_new_date: z.boolean().optional(),
  contact: z
    .object({ first_name: z.string(), last_name: z.string(), email: z.string(), phone: z.string(), comments: z.string().optional(), travellers: z.number().optional() })
    .optional(),
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
  // Once the shop asked for its page to be closed: when, what came of it, why (null and "" before).
  closed_at: z.string().nullish(),
  close_outcome: z.string().optional(),
  close_why: z.string().optional(),
  notices: z.array(z.object({ kind: z.string(), notice_id: z.string(), outcome: z.string(), reason: z.string(), amount_minor: z.number(), at: z.string() })),
});
export type AdminPaymentRow = z.infer<typeof paymentRowSchema>;

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
export function useStaffAction<I, R = unknown>(run: (input: I) => Promise<R>) {
  const queryClient = useQueryClient();
  return useCommand({
    mutationFn: run,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: ['admin', 'purchase-orders'] }),
  });
}

/**
 * Every order change reaches the admins' live room (projections/orders): the lists read again, so a
 * refund's outcome shows when the provider gives it.
 */
export function useOrdersLive() {
  const queryClient = useQueryClient();
  useEffect(() => live.subscribe('order.changed', () => void queryClient.invalidateQueries({ queryKey: ['admin', 'purchase-orders'] })), [queryClient]);
}

// In any digits («٢٥٠» is 250); text that is no amount is said in words on the field.
const positiveAmount = z.string().refine((value) => (toMinor(value) ?? 0) > 0, 'purchaseOrders.amountFormat');

/**
 * A quote as staff type it: an amount in pounds above zero and the trip's start (the enquiry's, or
 * one staff set when it left it open: the traveller cannot pay a trip without one); the note is free.
 */
export const quoteInputSchema = z.object({
  amount: positiveAmount,
  date: z.string().min(1, 'validation.required'),
  time: z.string().min(1, 'validation.required'),
  note: z.string(),
});
export type QuoteInput = z.infer<typeof quoteInputSchema>;

// A staff command's answer: the order as it now stands, with what the refund did at once (refunded),
// what is on its way back (refund_pending) and whether the provider refused it (refund_failed).
const staffAnswer = z
  .object({ data: adminOrderSchema, refunded: money.optional(), refund_pending: money.optional(), refund_failed: z.boolean().optional() })
  .transform((value) => ({ order: value.data, refunded: value.refunded, refundPending: value.refund_pending, refundFailed: value.refund_failed ?? false }));
export type StaffAnswer = z.infer<typeof staffAnswer>;

/** Sends amount (in pounds) back to the traveller. */
export const refundOrder = (id: string, amount: number, reason: string): Promise<StaffAnswer> =>
  api.post(`/api/admin/orders/${encodeURIComponent(id)}/refund`, { amount, reason }, { schema: staffAnswer });
/** Accepts money that differed from what was asked (paymentId), confirming the order. */
export const acceptPayment = (id: string, paymentId: string, reason: string): Promise<StaffAnswer> =>
  api.post(`/api/admin/orders/${encodeURIComponent(id)}/accept-payment`, { payment_id: paymentId, reason }, { schema: staffAnswer });
/** Who a staff cancellation is for: the business cancelling (everything paid goes back) or the traveller having asked (the policy applies). */
export type CancelledFor = 'business' | 'traveller';
/** Cancels as staff; a paid order needs initiatedBy (the server refuses it without). */
export const cancelOrderAsStaff = (id: string, reason: string, initiatedBy?: CancelledFor) =>
  api.post(`/api/admin/orders/${encodeURIComponent(id)}/cancel`, initiatedBy ? { reason, initiated_by: initiatedBy } : { reason });
export const quoteEnquiry = (id: string, input: { amount: number; note: string; valid_hours: number; date?: string; time?: string }) =>
  api.post(`/api/admin/enquiries/${encodeURIComponent(id)}/quote`, input);
export const declineEnquiry = (id: string, reason: string) => api.post(`/api/admin/enquiries/${encodeURIComponent(id)}/decline`, { reason });
