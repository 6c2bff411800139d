import { CART_MOVE_STEP } from '@/config/constants';
import { api } from '@/lib/api-client';
import { useCommand } from '@/lib/command';

import { useApplyCart } from './cart-cache';
import { loadCartSchema, type Cart } from './get-cart';

export type MoveDirection = 'up' | 'down';

export interface MoveCartItem {
  itemId: string;
  direction: MoveDirection;
}

/** Moves a stop one place (the spec's step is always 1). */
export function moveCartItem({ itemId, direction }: MoveCartItem): Promise<Cart> {
  return api.patch(
    `/api/auth/cart/items/${encodeURIComponent(itemId)}/move`,
    { direction, steps: CART_MOVE_STEP },
    { schema: loadCartSchema },
  );
}

export function useMoveCartItem() {
  const apply = useApplyCart();
  return useCommand({ mutationFn: moveCartItem, onSuccess: apply });
}
