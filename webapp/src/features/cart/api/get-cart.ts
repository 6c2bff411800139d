import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';

import { api, isApiError } from '@/lib/api-client';

import { rejectedIndexes, useCartMirrorStore } from '../stores/cart-mirror-store';

import type { Cart } from './cart-schemas';

export type { Cart, CartItem, Leg, RateCalculation, RoutePoint, TripCalculations } from './cart-schemas';

/** The cart's schema, loaded with the first cart response. */
export const loadCartSchema = () => import('./cart-schemas').then((m) => m.cartSchema);

/**
 * The cookie mirror goes along as `destination_ids[]`, so the server can name
 * entries that are no longer published destinations (422) and the client can
 * drop them.
 */
export function cartPath(mirror: readonly string[], departure?: string | null): string {
  const params = new URLSearchParams();
  for (const value of mirror) params.append('destination_ids[]', value);
  if (departure) params.set('departure', departure);
  const query = params.toString();
  return query ? `/api/auth/cart?${query}` : '/api/auth/cart';
}

/** The cart, timed for `departure` (Cairo's clock, "YYYY-MM-DDTHH:MM"), or for 09:00 tomorrow without one. */
export function getCart(signal?: AbortSignal, departure?: string | null): Promise<Cart> {
  return api.get(cartPath(useCartMirrorStore.getState().ids, departure), { schema: loadCartSchema, signal });
}

/**
 * Loads the cart; when the server rejects entries of the cookie cart (422 with
 * errors keyed `destination_ids.{index}`) those are dropped and the cart is
 * fetched again, once.
 */
export async function getCartHealing(signal?: AbortSignal, departure?: string | null): Promise<Cart> {
  try {
    return await getCart(signal, departure);
  } catch (error) {
    if (!isApiError(error) || error.status !== 422) throw error;
    const indexes = rejectedIndexes(error.errors);
    if (indexes.length === 0) throw error;
    useCartMirrorStore.getState().removeIndexes(indexes);
    return getCart(signal, departure);
  }
}

export const cartQueryKey = ['cart'] as const;

export const cartQueryOptions = () =>
  queryOptions({ queryKey: cartQueryKey, queryFn: ({ signal }) => getCartHealing(signal), staleTime: 30_000 });

export function useCart(enabled: boolean) {
  return useQuery({ ...cartQueryOptions(), enabled });
}

/**
 * The cart timed for a chosen departure (the checkout's date and time): the same cart, priced for when
 * the trip starts, so closing times and the day's length are judged for that start. Under the cart's
 * key, so every change and live notice refreshes it too; the last answer stays while the next loads.
 */
export function useCartAt(departure: string | null, enabled: boolean) {
  return useQuery({
    queryKey: [...cartQueryKey, 'at', departure],
    queryFn: ({ signal }) => getCartHealing(signal, departure),
    enabled: enabled && departure !== null,
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
}
