import { z } from 'zod';

import { api } from '@/lib/api-client';
import { useCommand } from '@/lib/command';

const money = z.object({ amount: z.number(), minor: z.number(), currency: z.string() });
const trip = z.object({
  date: z.string(),
  time: z.string(),
  pickup: z.object({ name: z.string() }),
  stops: z.array(z.object({ name: z.string() })),
  total: money,
});

export const tripStatusSchema = z.object({
  trip_number: z.string(),
  status: z.string(),
  order: z.object({ status: z.string(), trip, total: money, payment_url: z.string().optional(), hold_until: z.string() }).optional(),
  enquiry: z.object({ status: z.string(), trip, quote: z.object({ amount: money, valid_until: z.string() }).nullish() }).optional(),
  timeline: z.array(z.object({ type: z.string(), at: z.string() })),
});
export type TripStatus = z.infer<typeof tripStatusSchema>;

const schema = z.object({ data: tripStatusSchema }).transform((value) => value.data);

export interface TripStatusLookup {
  trip_number: string;
  email: string;
}

/** A lookup, not a cached query: it proves the trip with its number and e-mail (rate-limited). */
export function getTripStatus(lookup: TripStatusLookup): Promise<TripStatus> {
  return api.post('/api/tripstatus', lookup, { schema });
}

export function useTripStatusLookup() {
  return useCommand({ mutationFn: getTripStatus });
}
