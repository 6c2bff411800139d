import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';

import { api } from '@/lib/api-client';

// Staff move a paid order's date or time for the traveller (docs/orders.md, "Staff change the date or
// time"): the days and times the order's own rules allow, the price outcome, then the change.

const money = z.object({ amount: z.number(), minor: z.number(), currency: z.string() });

const calendarSchema = z
  .object({ data: z.array(z.object({ date: z.string(), status: z.string(), reason: z.string().optional() })) })
  .transform((value) => value.data);

/** The days (62 from from) the order could be moved to: available, or blocked with why. */
export function useChangeCalendar(orderId: string, from: string) {
  return useQuery({
    queryKey: ['admin', 'purchase-orders', 'change', orderId, 'calendar', from],
    queryFn: ({ signal }) =>
      api.get(`/api/admin/orders/${encodeURIComponent(orderId)}/exchange/calendar`, { signal, schema: calendarSchema, query: { from, days: 62 } }),
  });
}

const timesSchema = z
  .object({ data: z.object({ times: z.array(z.object({ time: z.string() })), message: z.string().optional() }) })
  .transform((value) => value.data);

/** The times of date (Cairo, on the office's hours, fitting the day) the order could start at. */
export function useChangeTimes(orderId: string, date: string) {
  return useQuery({
    queryKey: ['admin', 'purchase-orders', 'change', orderId, 'times', date],
    enabled: date !== '',
    queryFn: ({ signal }) => api.get(`/api/admin/orders/${encodeURIComponent(orderId)}/exchange/pickup-times`, { signal, schema: timesSchema, query: { date } }),
  });
}

const quoteSchema = z
  .object({
    data: z.object({ total: money, difference: money, waivable: money, refundable: money, past_traveller_cutoff: z.boolean() }),
  })
  .transform((value) => value.data);

/** What moving the order to date at time would cost, before staff confirm. */
export function useChangeQuote(orderId: string, date: string, time: string) {
  return useQuery({
    queryKey: ['admin', 'purchase-orders', 'change', orderId, 'quote', date, time],
    enabled: date !== '' && time !== '',
    retry: false,
    queryFn: ({ signal }) => api.get(`/api/admin/orders/${encodeURIComponent(orderId)}/exchange/quote`, { signal, schema: quoteSchema, query: { date, time } }),
  });
}

export interface ChangeInput {
  date: string;
  time: string;
  reason: string;
  keepPrice: boolean;
}

const changedSchema = z.object({ awaiting_payment: z.boolean().default(false) });

export const changeOrderAsStaff = (orderId: string, input: ChangeInput) =>
  api.post(
    `/api/admin/orders/${encodeURIComponent(orderId)}/exchange`,
    { date: input.date, time: input.time, reason: input.reason, keep_price: input.keepPrice },
    { schema: changedSchema },
  );
