import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';

import { api } from '@/lib/api-client';
import { useLiveRefresh } from '@/lib/live-refresh';

import { STAFF_DISPATCH_EVENTS, tripSchema } from './trips';

const plannerDriverSchema = z.object({
  id: z.string(),
  name: z.string(),
  vehicle: z.string(),
  plate: z.string(),
  seats: z.number(),
  trips_per_day: z.number(),
  /** Day by day, as the week's days: whether the driver works that day. */
  works: z.array(z.boolean()),
  has_account: z.boolean(),
});
export type PlannerDriver = z.infer<typeof plannerDriverSchema>;

const plannerTripSchema = tripSchema.extend({ end_at: z.string().optional(), end: z.string().optional(), end_ar: z.string().optional() });
export type PlannerTrip = z.infer<typeof plannerTripSchema>;

const weekSchema = z
  .object({
    data: z.object({
      days: z.array(z.string()),
      previous: z.string(),
      next: z.string(),
      drivers: z.array(plannerDriverSchema),
      trips: z.array(plannerTripSchema),
    }),
  })
  .transform((value) => value.data);
export type Week = z.infer<typeof weekSchema>;

/** GET /api/admin/planner?from= — seven Cairo days of drivers and trips from `from` (today without one). */
export function useWeek(from: string) {
  useLiveRefresh(['dispatch', 'planner'], STAFF_DISPATCH_EVENTS);
  return useQuery({
    queryKey: ['dispatch', 'planner', from],
    queryFn: ({ signal }) => api.get('/api/admin/planner', { signal, schema: weekSchema, query: from ? { from } : {} }),
  });
}
