import { useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';

import { api } from '@/lib/api-client';
import { useCommand } from '@/lib/command';

import { wishlistQueryKey } from './get-wishlist';
import { wishlistItemSchema, type WishlistItem } from './types';

const schema = z.object({ message: z.string(), data: wishlistItemSchema });

export function addToWishlist(item: Pick<WishlistItem, 'kind' | 'item_id'>): Promise<z.infer<typeof schema>> {
  return api.post('/api/me/wishlist', item, { schema });
}

export function useAddToWishlist() {
  const queryClient = useQueryClient();
  return useCommand({
    mutationFn: addToWishlist,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: wishlistQueryKey }),
  });
}
