import { useQuery } from '@tanstack/react-query';

import { api } from '@/lib/api-client';
import { pickupTimesSchema as schema, type PickupTimes } from '@/lib/schemas';

export type { PickupTimes };

export function getPickupTimes(date: string, signal?: AbortSignal): Promise<PickupTimes> {
  return api.get('/api/orders/pickup-times', { query: { date }, schema, signal });
}

/**
 * The pickup times of a day that fit the signed-in traveller's cart. Under the cart's key, so a change
 * to the cart (a stop added, the order changed, the pickup moved) asks again.
 */
export function usePickupTimes(date: string, enabled = true) {
  return useQuery({
    queryKey: ['cart', 'pickup-times', date],
    queryFn: ({ signal }) => getPickupTimes(date, signal),
    enabled: enabled && /^\d{4}-\d{2}-\d{2}$/.test(date),
    staleTime: 30_000,
  });
}
