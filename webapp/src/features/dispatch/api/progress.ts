import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';

import { api } from '@/lib/api-client';

import { stepSchema } from './trips';

export const progressSchema = z.object({
  order_id: z.string(),
  status: z.string(),
  stop: z.number(),
  stops: z.array(z.string()),
  steps: z.array(stepSchema),
  driver: z.object({ name: z.string(), name_ar: z.string().optional(), phone: z.string(), vehicle: z.string(), vehicle_ar: z.string().optional(), plate: z.string() }).nullish(),
  class: z.object({ id: z.string(), name: z.string(), name_ar: z.string().optional() }).nullish(),
  version: z.number(),
  /** Changes when the trip changes hands (assignment, hand-over): the live car's positions carry it. Never the driver's id. */
  driver_turn: z.number().optional(),
});
export type TripProgress = z.infer<typeof progressSchema>;

const answer = z.object({ data: progressSchema }).transform((value) => value.data);

/** POST /api/trips/{number}/progress {email} — a trip's progress for whoever proves its number and e-mail. */
export function useTripProgress(tripNumber: string, email: string) {
  return useQuery({
    queryKey: ['dispatch', 'progress', tripNumber, email],
    queryFn: ({ signal }) => api.post(`/api/trips/${encodeURIComponent(tripNumber)}/progress`, { email }, { signal, schema: answer }),
  });
}

/** GET /api/orders/{id}/progress — the signed-in traveller's own trip's progress. */
export function useOwnTripProgress(orderId: string) {
  return useQuery({
    queryKey: ['dispatch', 'own-progress', orderId],
    queryFn: ({ signal }) => api.get(`/api/orders/${encodeURIComponent(orderId)}/progress`, { signal, schema: answer }),
  });
}
