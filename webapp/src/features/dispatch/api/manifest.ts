import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';

import { api } from '@/lib/api-client';
import { useLiveRefresh } from '@/lib/live-refresh';

import { STAFF_DISPATCH_EVENTS } from './trips';

const manifestTripSchema = z.object({
  trip_number: z.string(),
  pickup_time: z.string(),
  /** When the trip is due back (Cairo, HH:MM); "" when not known. */
  end_time: z.string().default(''),
  pickup: z.string(),
  /** The pickup point's street address; "" for a place of the traveller's own. */
  pickup_address: z.string().default(''),
  stops: z.array(z.string()),
  end: z.string().default(''),
  traveller: z.string(),
  phone: z.string(),
  travellers: z.number(),
  comments: z.string(),
  car_class: z.string(),
});

const manifestGroupSchema = z.object({
  driver: z.object({ id: z.string(), name: z.string(), phone: z.string(), vehicle: z.string(), plate: z.string() }).nullable(),
  trips: z.array(manifestTripSchema),
});
export type ManifestGroup = z.infer<typeof manifestGroupSchema>;

const manifestSchema = z.object({ data: z.object({ date: z.string(), groups: z.array(manifestGroupSchema) }) }).transform((value) => value.data);

/** GET /api/admin/manifest?date= — the day's trips by driver, in pickup order (Cairo time). */
export function useManifest(date: string) {
  useLiveRefresh(['dispatch', 'manifest'], STAFF_DISPATCH_EVENTS);
  return useQuery({
    queryKey: ['dispatch', 'manifest', date],
    queryFn: ({ signal }) => api.get('/api/admin/manifest', { signal, schema: manifestSchema, query: { date } }),
  });
}

/** The same manifest as a CSV file (the session cookie signs the download in). */
export function manifestCsvUrl(date: string): string {
  return `/api/admin/manifest?format=csv&date=${encodeURIComponent(date)}`;
}
