import { api } from '@/lib/api-client';
import { useCommand } from '@/lib/command';

import { useApplyCart } from './cart-cache';
import { loadCartSchema, type Cart } from './get-cart';

/** A pickup point by id, or a place of the traveller's own. */
export type PointChoice = { pickup_point_id: string } | { name: string; lat: number; lng: number };

export interface CartPoints {
  /** null: the default pickup point. */
  start: PointChoice | null;
  /** null: back to the start. */
  end: PointChoice | null;
}

export function chooseCartPoints({ start, end }: CartPoints): Promise<Cart> {
  return api.put('/api/auth/cart/points', { start, end, end_same_as_start: end === null }, { schema: loadCartSchema });
}

export function useChooseCartPoints() {
  const apply = useApplyCart();
  return useCommand({ mutationFn: chooseCartPoints, onSuccess: apply });
}
