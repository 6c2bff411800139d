import { useMutation } from '@tanstack/react-query';

import { api } from '@/lib/api-client';

import { useApplyCart } from './cart-cache';
import { loadCartSchema, type Cart } from './get-cart';

export function clearCart(): Promise<Cart> {
  return api.delete('/api/auth/cart/clear', { schema: loadCartSchema });
}

export function useClearCart() {
  const apply = useApplyCart();
  return useMutation({ mutationFn: clearCart, onSuccess: apply });
}
