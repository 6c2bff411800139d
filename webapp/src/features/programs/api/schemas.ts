// The programs API's response schemas (zod). The home page's request loads them with the response
// (see LazySchema), so they are not part of its first download.
import { z } from 'zod';

import { idSchema, listOf, numeric } from '@/lib/schemas';

const photoSchema = z.object({ url: z.string(), thumb: z.string() });

/** Money as the API sends it ({minor, currency}) or a plain number, read as major units (pounds). */
export const moneySchema = z
  .union([numeric, z.object({ minor: z.number(), currency: z.string() })])
  .transform((m) => (typeof m === 'number' ? m : m.minor / 100));

export const programStopSchema = z
  .object({
    id: idSchema,
    slug: z.string().nullish(),
    name: z.string(),
    short_description: z.string().nullish(),
    lat: z.number().nullish(),
    lng: z.number().nullish(),
    visit_minutes: z.number().nullish(),
    photos: z.array(photoSchema).default([]),
  })
  .transform((s) => ({ ...s, photo: s.photos[0]?.thumb ?? null }));

export const programSchema = z
  .object({
    id: idSchema,
    name: z.string(),
    slug: z.string().nullish(),
    short_description: z.string().nullish(),
    description: z.string().nullish(),
    photos: z.array(photoSchema).default([]),
    hours: numeric.nullish(),
    price: moneySchema.nullish(),
    top: z.boolean().nullish(),
    destinations: z.array(programStopSchema).default([]),
  })
  .transform((p) => ({ ...p, photo: p.photos[0]?.url ?? null, summary: p.short_description ?? null }));
export type Program = z.infer<typeof programSchema>;

export const programsSchema = listOf(programSchema);
