import { api } from '@/lib/api-client';
import { useCommand } from '@/lib/command';

import { useApplyCart } from './cart-cache';
import { loadCartSchema, type Cart } from './get-cart';

export function removeCartItem(itemId: string): Promise<Cart> {
  return api.delete(`/api/auth/cart/${encodeURIComponent(itemId)}`, { schema: loadCartSchema });
}

export function useRemoveCartItem() {
  const apply = useApplyCart();
  return useCommand({ mutationFn: removeCartItem, onSuccess: apply });
}
