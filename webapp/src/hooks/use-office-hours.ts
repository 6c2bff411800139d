import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';

import { CAIRO_TIME_ZONE } from '@/config/constants';
import { api } from '@/lib/api-client';
import type { OpeningSchedule } from '@/utils/opening-hours';

const officeHoursSchema = z
  .object({
    data: z.object({
      weekly: z.array(z.object({ day: z.number(), open: z.string(), close: z.string() })).default([]),
      holidays: z.array(z.object({ date: z.string() }).loose()).default([]),
    }),
  })
  .transform(({ data }): OpeningSchedule => ({
    timeZone: CAIRO_TIME_ZONE,
    days: data.weekly.map((d) => ({ day: d.day, opens: d.open, closes: d.close })),
    holidays: data.holidays.map((h) => h.date),
  }));

/**
 * The office hours, closed weekdays and holidays the server judges a trip's start by
 * (GET /api/opening-hours): a form that picks a day and a time offers only what they allow.
 * Undefined until they load (the form then offers everything, and the server still judges).
 */
export function useOfficeHours(): OpeningSchedule | undefined {
  return useQuery({
    queryKey: ['opening-hours'],
    queryFn: ({ signal }) => api.get('/api/opening-hours', { signal, schema: officeHoursSchema }),
    staleTime: 60_000,
  }).data;
}
