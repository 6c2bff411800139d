import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';

import { api } from '@/lib/api-client';
import { idSchema, oneOf } from '@/lib/schemas';

import type { WishlistItem } from './types';

// Only what the wishlist shows of a destination or program.
const itemSchema = oneOf(
  z
    .object({
      id: idSchema,
      name: z.string(),
      slug: z.string().nullish(),
      photo: z.string().nullish(),
    })
    .loose(),
);
export type WishlistItemDetails = z.infer<typeof itemSchema>;

// Without ?lang the catalogue answers every language ({"en","ar"}); with it, the name as a string.
export function getWishlistItem(item: Pick<WishlistItem, 'kind' | 'item_id'>, lang: string, signal?: AbortSignal): Promise<WishlistItemDetails> {
  const base = item.kind === 'program' ? '/api/programs/' : '/api/destinations/';
  return api.get(base + encodeURIComponent(item.item_id), { schema: itemSchema, signal, query: { lang } });
}

export function useWishlistItem(item: Pick<WishlistItem, 'kind' | 'item_id'>, language: string) {
  return useQuery(
    queryOptions({
      queryKey: ['account', 'wishlist-item', item.kind, item.item_id, language],
      queryFn: ({ signal }) => getWishlistItem(item, language, signal),
      staleTime: 5 * 60_000,
    }),
  );
}
