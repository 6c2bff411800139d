import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';

import { api } from '@/lib/api-client';

export const calendarDaySchema = z.object({
  date: z.string(),
  status: z.enum(['available', 'blocked', 'out_of_range']),
  reason: z.string().optional(),
  capacity: z.number(),
  taken: z.number(),
  earliest: z.string().optional(),
  latest: z.string().optional(),
});
export type CalendarDay = z.infer<typeof calendarDaySchema>;

const schema = z.object({ data: z.array(calendarDaySchema) }).transform((value) => value.data);

/**
 * The days from `from`. For the signed-in traveller's cart (`forCart`), or for moving their order
 * `exchangeOf` (its trip number; its own car free on its own day), a day is available only when one of
 * its pickup times fits that trip (the server's rule for the pickup times too); otherwise it is
 * blocked with reason `no_start_fits`.
 */
export function getCalendar(from: string, days: number, signal?: AbortSignal, forCart = false, exchangeOf?: string): Promise<CalendarDay[]> {
  const path = exchangeOf
    ? `/api/orders/${encodeURIComponent(exchangeOf)}/exchange/calendar`
    : forCart
      ? '/api/orders/calendar/cart'
      : '/api/orders/calendar';
  return api.get(path, { query: { from, days }, schema, signal });
}

export const calendarKey = (from: string, days: number) => ['orders', 'calendar', from, days] as const;

/** The cart's calendar is kept under the cart's pickup times: a change to the cart asks again. */
export const cartCalendarKey = (from: string, days: number) => ['cart', 'pickup-times', 'calendar', from, days] as const;

/** An exchange's calendar is kept under the order's calendar key: a booking refused as full asks again. */
export const exchangeCalendarKey = (order: string, from: string, days: number) => ['orders', 'calendar', 'exchange', order, from, days] as const;

/**
 * Each day's availability: available, blocked (fully booked, closed, or no time fits the cart or the
 * order being moved) or out of range.
 */
export function useCalendar(from: string, days: number, enabled = true, forCart = false, exchangeOf?: string) {
  return useQuery({
    queryKey: exchangeOf ? exchangeCalendarKey(exchangeOf, from, days) : forCart ? cartCalendarKey(from, days) : calendarKey(from, days),
    queryFn: ({ signal }) => getCalendar(from, days, signal, forCart, exchangeOf),
    enabled,
    staleTime: 30_000,
  });
}
