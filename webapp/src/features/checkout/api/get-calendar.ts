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

export function getCalendar(from: string, days: number, signal?: AbortSignal): Promise<CalendarDay[]> {
  return api.get('/api/orders/calendar', { query: { from, days }, schema, signal });
}

export const calendarKey = (from: string, days: number) => ['orders', 'calendar', from, days] as const;

/** Each day's availability: available, blocked (fully booked or closed) or out of range. */
export function useCalendar(from: string, days: number, enabled = true) {
  return useQuery({ queryKey: calendarKey(from, days), queryFn: ({ signal }) => getCalendar(from, days, signal), enabled, staleTime: 30_000 });
}
