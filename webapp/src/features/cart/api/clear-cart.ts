import { api } from '@/lib/api-client';
import { useCommand } from '@/lib/command';

import { useApplyCart } from './cart-cache';
import { loadCartSchema, type Cart } from './get-cart';

export function clearCart(): Promise<Cart> {
  return api.delete('/api/auth/cart/clear', { schema: loadCartSchema });
}

export function useClearCart() {
  const apply = useApplyCart();
  return useCommand({ mutationFn: clearCart, onSuccess: apply });
}
