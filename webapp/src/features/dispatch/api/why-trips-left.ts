import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';

import { api } from '@/lib/api-client';
import { useLiveRefresh } from '@/lib/live-refresh';

/** Why a trip left a driver's list, as their notifications record it (the newest about each trip). */
const leftSchema = z.object({
  kind: z.string(),
  order_id: z.string(),
  params: z.object({
    day: z.string().optional(),
    by: z.string().optional(),
    trip: z.string().optional(),
    start_at: z.string().optional(),
    end_at: z.string().optional(),
    reason: z.string().optional(),
  }),
});
export type TripLeft = z.infer<typeof leftSchema>;

/** The notification kinds that take a trip off a driver's list. */
export const LEFT_KINDS = new Set(['trip_moved_away', 'trip_retimed_away', 'trip_taken_off', 'trip_taken_away', 'trip_called_off']);

const inboxSchema = z.object({ data: z.array(leftSchema) }).transform((inbox) => inbox.data.filter((n) => LEFT_KINDS.has(n.kind)));

/**
 * GET /api/notifications, read for why each of `trips` left the driver's list: the trip number and the
 * newest notification that says so. Asked only while some trip left; asked again when a notification
 * arrives (the notice can come a moment after the list changed).
 */
export function useWhyTripsLeft(trips: string[]): Map<string, TripLeft> {
  const enabled = trips.length > 0;
  useLiveRefresh(['dispatch', 'driver', 'why-left'], ['notification.created']);
  const answer = useQuery({
    queryKey: ['dispatch', 'driver', 'why-left', trips],
    enabled,
    queryFn: ({ signal }) => api.get('/api/notifications', { signal, schema: inboxSchema }),
  });
  const why = new Map<string, TripLeft>();
  // Newest first: the first notice about a trip is why it left last.
  for (const n of answer.data ?? []) if (trips.includes(n.order_id) && !why.has(n.order_id)) why.set(n.order_id, n);
  return why;
}
