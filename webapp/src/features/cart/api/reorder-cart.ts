import { api } from '@/lib/api-client';
import { useCommand } from '@/lib/command';

import { useApplyCart } from './cart-cache';
import { loadCartSchema, type Cart } from './get-cart';

export interface ReorderCart {
  itemIds: readonly string[];
  reason: 'optimised' | 'manual';
}

/** Puts every item in the given order (accepting a proposed optimised order). */
export function reorderCart({ itemIds, reason }: ReorderCart): Promise<Cart> {
  return api.put('/api/auth/cart/order', { item_ids: itemIds, reason }, { schema: loadCartSchema });
}

export function useReorderCart() {
  const apply = useApplyCart();
  return useCommand({ mutationFn: reorderCart, onSuccess: apply });
}
