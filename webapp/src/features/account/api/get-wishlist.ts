import { queryOptions, useQuery } from '@tanstack/react-query';

import { api } from '@/lib/api-client';
import { listOf } from '@/lib/schemas';

import { wishlistItemSchema, type WishlistItem } from './types';

const schema = listOf(wishlistItemSchema);

export const wishlistQueryKey = ['account', 'wishlist'] as const;

export function getWishlist(signal?: AbortSignal): Promise<WishlistItem[]> {
  return api.get('/api/me/wishlist', { schema, signal });
}

export function useWishlist(enabled = true) {
  return useQuery(queryOptions({ queryKey: wishlistQueryKey, queryFn: ({ signal }) => getWishlist(signal), enabled }));
}
