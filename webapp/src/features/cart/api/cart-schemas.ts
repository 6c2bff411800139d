// The cart's response schemas (zod), apart from get-cart.ts so the home page's cart requests load
// them with the response (see LazySchema) rather than in the first download.
import { z } from 'zod';

const id = z.union([z.string(), z.number()]).transform(String);
const coordinates = z.object({ lat: z.number(), lng: z.number() });
const currency = z.enum(['EGP', 'USD', 'SAR']).catch('EGP');

export const cartDestinationSchema = z.object({
  id,
  name: z.string(),
  slug: z.string().nullish(),
  coordinates: coordinates.nullish(),
  visit_hours: z.number().nullish(),
  photo: z.string().nullish(),
});

export const cartItemSchema = z.object({
  id,
  destination_id: id,
  position: z.number().nullish(),
  destination: cartDestinationSchema.nullish(),
  /** False for a destination unpublished since it was added: it is left out of the trip. */
  available: z.boolean().default(true),
  arrival: z.string().nullish(),
  departure: z.string().nullish(),
  problem: z.string().nullish(),
  problem_message: z.string().nullish(),
});
export type CartItem = z.infer<typeof cartItemSchema>;

export const legSchema = z.object({
  from: z.string(),
  to: z.string(),
  from_name: z.string().default(''),
  to_name: z.string().default(''),
  distance: z.number(),
  duration: z.number(),
});
export type Leg = z.infer<typeof legSchema>;

export const rateCalculationSchema = z.object({
  rate_id: id,
  name: z.string(),
  price_per_km: z.number(),
  waiting_per_hour: z.number(),
  distance_cost: z.number(),
  waiting_cost: z.number(),
  total: z.number(),
  currency,
  converted: z.array(z.object({ currency, total: z.number() })).default([]),
});
export type RateCalculation = z.infer<typeof rateCalculationSchema>;

export const warningSchema = z.object({ code: z.string(), message: z.string() });

/** The server's one-day rule at this departure: what checkout would refuse, why and what to do. */
export const dayFitSchema = z.object({
  fits: z.boolean().default(true),
  misfit: z.string().nullish(),
  reason: z.string().nullish(),
  suggestion: z.string().nullish(),
  message: z.string().nullish(),
  stop: z.number().nullish(),
  start_by: z.string().nullish(),
});

export const tripCalculationsSchema = z.object({
  total_distance: z.number().default(0),
  total_duration: z.number().default(0),
  total_waiting_hours: z.number().default(0),
  total_trip_minutes: z.number().default(0),
  departure: z.string().nullish(),
  finish: z.string().nullish(),
  legs: z.array(legSchema).default([]),
  rate_calculations: z.array(rateCalculationSchema).default([]),
  more_than_one_day: z.boolean().default(false),
  second_day_from: z.number().nullish(),
  warnings: z.array(warningSchema).default([]),
  day_fit: dayFitSchema.default({ fits: true }),
});
export type TripCalculations = z.infer<typeof tripCalculationsSchema>;

export const routePointSchema = z.object({
  kind: z.enum(['pickup', 'custom']).catch('custom'),
  pickup_point_id: z.string().nullish(),
  name: z.string(),
  coordinates,
  default: z.boolean().default(false),
  same_as_start: z.boolean().default(false),
});
export type RoutePoint = z.infer<typeof routePointSchema>;

export const cartSchema = z.object({
  data: z.array(cartItemSchema).default([]),
  trip_calculations: tripCalculationsSchema.nullish(),
  version: z.number().default(-1),
  start_point: routePointSchema.nullish(),
  end_point: routePointSchema.nullish(),
  message: z.string().nullish(),
});
export type Cart = z.infer<typeof cartSchema>;
