import { useMutation } from '@tanstack/react-query';

import { api } from '@/lib/api-client';

import { useApplyCart } from './cart-cache';
import { cartSchema, type Cart } from './get-cart';

export function clearCart(): Promise<Cart> {
  return api.delete('/api/auth/cart/clear', { schema: cartSchema });
}

export function useClearCart() {
  const apply = useApplyCart();
  return useMutation({ mutationFn: clearCart, onSuccess: apply });
}
