import { useMutation } from '@tanstack/react-query';

import { api } from '@/lib/api-client';

import { useApplyCart } from './cart-cache';
import { loadCartSchema, type Cart } from './get-cart';

export function removeCartItem(itemId: string): Promise<Cart> {
  return api.delete(`/api/auth/cart/${encodeURIComponent(itemId)}`, { schema: loadCartSchema });
}

export function useRemoveCartItem() {
  const apply = useApplyCart();
  return useMutation({ mutationFn: removeCartItem, onSuccess: apply });
}
