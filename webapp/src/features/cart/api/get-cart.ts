import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';

import { api, isApiError } from '@/lib/api-client';

import { rejectedIndexes, useCartMirrorStore } from '../stores/cart-mirror-store';

const id = z.union([z.string(), z.number()]).transform(String);

export const cartDestinationSchema = z.object({
  id,
  name: z.string(),
  slug: z.string().nullish(),
  coordinates: z.unknown().optional(),
  visit_hours: z.number().nullish(),
  photo: z.string().nullish(),
});

export const cartItemSchema = z.object({
  id,
  destination_id: id,
  position: z.number().nullish(),
  destination: cartDestinationSchema.nullish(),
});
export type CartItem = z.infer<typeof cartItemSchema>;

export const rateCalculationSchema = z.object({
  rate_id: id,
  name: z.string(),
  price_per_km: z.number(),
  waiting_per_hour: z.number(),
  distance_cost: z.number(),
  waiting_cost: z.number(),
  total: z.number(),
  currency: z.enum(['EGP', 'USD', 'SAR']).catch('EGP'),
});
export type RateCalculation = z.infer<typeof rateCalculationSchema>;

export const tripCalculationsSchema = z.object({
  total_distance: z.number().default(0),
  total_duration: z.number().default(0),
  total_waiting_hours: z.number().default(0),
  legs: z.array(z.unknown()).nullish(),
  rate_calculations: z.array(rateCalculationSchema).default([]),
});
export type TripCalculations = z.infer<typeof tripCalculationsSchema>;

export const cartSchema = z.object({
  data: z.array(cartItemSchema).default([]),
  trip_calculations: tripCalculationsSchema.nullish(),
});
export type Cart = z.infer<typeof cartSchema>;

export function getCart(signal?: AbortSignal): Promise<Cart> {
  return api.get('/api/auth/cart', { schema: cartSchema, signal });
}

/**
 * Loads the cart; when the server rejects entries of the cookie cart (422 with
 * errors keyed `destination_ids.{index}`) those are dropped and the cart is
 * fetched again, once.
 */
export async function getCartHealing(signal?: AbortSignal): Promise<Cart> {
  try {
    return await getCart(signal);
  } catch (error) {
    if (!isApiError(error) || error.status !== 422) throw error;
    const indexes = rejectedIndexes(error.errors);
    if (indexes.length === 0) throw error;
    useCartMirrorStore.getState().removeIndexes(indexes);
    return getCart(signal);
  }
}

export const cartQueryKey = ['cart'] as const;

export const cartQueryOptions = () =>
  queryOptions({ queryKey: cartQueryKey, queryFn: ({ signal }) => getCartHealing(signal), staleTime: 30_000 });

export function useCart(enabled: boolean) {
  return useQuery({ ...cartQueryOptions(), enabled });
}
