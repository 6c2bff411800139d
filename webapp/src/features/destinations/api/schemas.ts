// The destinations API's response schemas (zod). The home page's requests load them with the
// response (see LazySchema), so they are not part of its first download.
import { z } from 'zod';

import { idSchema, listOf, numeric } from '@/lib/schemas';

// The catalogue API answers in the language it is asked for (`?lang=`), so texts arrive as strings.
// Its photos come at two sizes, its durations in minutes and its coordinates as lat/lng; the
// schemas below also give components the short forms they use (photo, thumb, summary, visit_hours).

export const photoSchema = z.object({ url: z.string(), thumb: z.string() });

export const weeklyHoursSchema = z.array(z.object({ day: z.number().int().min(0).max(6), open: z.string(), close: z.string() }));
export type WeeklyHours = z.infer<typeof weeklyHoursSchema>;

export const categorySchema = z
  .object({
    id: idSchema,
    name: z.string(),
    slug: z.string().nullish(),
    description: z.string().nullish(),
    photo: z.union([z.string(), photoSchema]).nullish(),
    destination_count: z.number().nullish(),
  })
  .transform((c) => ({
    ...c,
    photo: typeof c.photo === 'string' ? c.photo : (c.photo?.thumb ?? null),
    destinations_count: c.destination_count ?? null,
  }));
export type Category = z.infer<typeof categorySchema>;

const programRefSchema = z.object({ id: idSchema, slug: z.string(), name: z.string(), hours: z.number(), url: z.string().nullish() });

export const destinationSchema = z
  .object({
    id: idSchema,
    name: z.string(),
    slug: z.string().nullish(),
    description: z.string().nullish(),
    short_description: z.string().nullish(),
    address: z.string().nullish(),
    photos: z.array(photoSchema).default([]),
    visit_minutes: numeric.nullish(),
    lat: z.number().nullish(),
    lng: z.number().nullish(),
    opening_hours: weeklyHoursSchema.default([]),
    closed_days: z.array(z.number()).nullish(),
    hours_note: z.string().nullish(),
    ticket_note: z.string().nullish(),
    category: z.object({ id: idSchema, name: z.string(), slug: z.string().nullish() }).nullish(),
    category_id: idSchema.nullish(),
    programs: z.array(programRefSchema).nullish(),
  })
  .transform((d) => ({
    ...d,
    summary: d.short_description ?? null,
    photo: d.photos[0]?.url ?? null,
    thumb: d.photos[0]?.thumb ?? null,
    visit_hours: d.visit_minutes != null ? d.visit_minutes / 60 : null,
    coordinates: d.lat != null && d.lng != null ? { lat: d.lat, lng: d.lng } : null,
  }));
export type Destination = z.infer<typeof destinationSchema>;

export const destinationsPageSchema = z.object({
  data: z.array(destinationSchema),
  next_cursor: z.union([z.string(), z.number()]).transform(String).nullish(),
});
export type DestinationsPage = z.infer<typeof destinationsPageSchema>;

// GET /api/search
const programHitSchema = z.object({ id: idSchema, slug: z.string(), name: z.string(), hours: z.number().nullish() });

export const searchResultsSchema = z
  .object({ data: z.object({ destinations: z.array(destinationSchema), programs: z.array(programHitSchema) }) })
  .transform((v) => v.data);
export type SearchResults = z.infer<typeof searchResultsSchema>;

export const categoriesSchema = listOf(categorySchema);
