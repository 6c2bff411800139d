import { z } from 'zod';

import { idSchema } from '@/lib/schemas';

export const savedLocationSchema = z.object({
  id: idSchema,
  label: z.string(),
  address: z.string().default(''),
  kind: z.enum(['start', 'end', 'any']).catch('any'),
  lat: z.number(),
  lng: z.number(),
  created_at: z.string().nullish(),
});
export type SavedLocation = z.infer<typeof savedLocationSchema>;

export const myPickupPointSchema = z.object({
  id: idSchema,
  name: z.string(),
  address: z.string().default(''),
  notes: z.string().default(''),
  lat: z.number(),
  lng: z.number(),
  created_at: z.string().nullish(),
});
export type MyPickupPoint = z.infer<typeof myPickupPointSchema>;

export const wishlistItemSchema = z.object({
  kind: z.enum(['destination', 'program']),
  item_id: idSchema,
  added_at: z.string().nullish(),
});
export type WishlistItem = z.infer<typeof wishlistItemSchema>;

export const sessionSchema = z.object({
  id: idSchema,
  created_at: z.string(),
  last_seen_at: z.string(),
  ip: z.string().default(''),
  user_agent: z.string().default(''),
  current: z.boolean().default(false),
});
export type Session = z.infer<typeof sessionSchema>;

/** What the account calls that change something answer besides their data. */
export const messageSchema = z.object({ message: z.string().default('') }).loose();
