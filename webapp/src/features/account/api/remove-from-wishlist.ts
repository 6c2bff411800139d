import { useQueryClient } from '@tanstack/react-query';

import { api } from '@/lib/api-client';
import { useCommand } from '@/lib/command';

import { wishlistQueryKey } from './get-wishlist';
import { messageSchema, type WishlistItem } from './types';

export function removeFromWishlist({ kind, item_id }: Pick<WishlistItem, 'kind' | 'item_id'>) {
  return api.delete(`/api/me/wishlist/${kind}/${encodeURIComponent(item_id)}`, { schema: messageSchema });
}

export function useRemoveFromWishlist() {
  const queryClient = useQueryClient();
  return useCommand({
    mutationFn: removeFromWishlist,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: wishlistQueryKey }),
  });
}
