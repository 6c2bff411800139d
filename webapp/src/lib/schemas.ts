import { z } from 'zod';

import { CAIRO_TIME_ZONE } from '@/config/constants';

/** Ids arrive as numbers from some endpoints and as strings (UUIDs) from others. */
export const idSchema = z.union([z.string(), z.number()]).transform(String);

/** A list that may come bare or wrapped as `{ data: [...] }`. */
export function listOf<T extends z.ZodType>(item: T) {
  return z.union([z.object({ data: z.array(item) }), z.array(item)]).transform((value) => (Array.isArray(value) ? value : value.data));
}

/** One record that may come bare or wrapped as `{ data: {...} }`. */
export function oneOf<T extends z.ZodType>(item: T) {
  return z.union([z.object({ data: item }), item]).transform((value) =>
    value !== null && typeof value === 'object' && 'data' in value ? (value as { data: z.infer<T> }).data : (value as z.infer<T>),
  );
}

/** A number that may be sent as a numeric string ("250.00"). */
export const numeric = z.union([z.number(), z.string().regex(/^-?\d+(\.\d+)?$/)]).transform(Number);

/**
 * The server's pickup times of a day (`GET /api/orders/pickup-times` for the cart, and
 * `/api/orders/{id}/exchange/pickup-times` for an order being moved): only the times at which the
 * trip fits one day (the server's one-day rule), Cairo's clock, and why none does when none does.
 */
export const pickupTimesSchema = z
  .object({
    data: z.object({
      date: z.string(),
      status: z.enum(['available', 'blocked', 'out_of_range']),
      reason: z.string().optional(),
      times: z.array(z.object({ time: z.string(), finish: z.string() })).default([]),
      time_zone: z.string().default(CAIRO_TIME_ZONE),
      misfit: z.string().optional(),
      message: z.string().optional(),
      suggestion: z.string().optional(),
    }),
  })
  .transform((value) => value.data);
export type PickupTimes = z.infer<typeof pickupTimesSchema>;
