import { api } from '@/lib/api-client';
import { useCommand } from '@/lib/command';

import { useApplyCart } from './cart-cache';
import { loadCartSchema, type Cart } from './get-cart';

/** Adds a program's destinations in its order, skipping those already in the cart. */
export function addProgramToCart(programId: string): Promise<Cart> {
  return api.post('/api/auth/cart/program', { program_id: programId }, { schema: loadCartSchema });
}

export function useAddProgramToCart() {
  const apply = useApplyCart();
  return useCommand({ mutationFn: addProgramToCart, onSuccess: apply });
}
