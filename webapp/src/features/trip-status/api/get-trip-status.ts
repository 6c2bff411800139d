import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';

import { api } from '@/lib/api-client';
import { oneOf } from '@/lib/schemas';

export const tripStatusSchema = z.object({
  trip_number: z.string(),
  status: z.string(),
  date: z.string().nullish(),
  time: z.string().nullish(),
  updated_at: z.string().nullish(),
});
export type TripStatus = z.infer<typeof tripStatusSchema>;

const schema = oneOf(tripStatusSchema);

export interface TripStatusLookup {
  trip_number: string;
  email: string;
}

/** A lookup, not a cached query: it proves the trip with its number and e-mail. */
export function getTripStatus(lookup: TripStatusLookup): Promise<TripStatus> {
  return api.get('/api/trip-status', { query: { trip_number: lookup.trip_number, email: lookup.email }, schema });
}

export function useTripStatusLookup() {
  return useMutation({ mutationFn: getTripStatus });
}
