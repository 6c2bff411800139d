import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';

import { useRestoreSession } from '@/features/auth/hooks/use-session';
import { selectIsAuthenticated, useAuthStore } from '@/features/auth/stores/auth-store';
import { cartQueryKey, useCart } from '@/features/cart/api/get-cart';
import { useCartSync } from '@/features/cart/hooks/use-cart-sync';
import { live } from '@/lib/live';

/** The cart, loaded at start once the session is known (spec section 4). */
export function useAppCart() {
  const signedIn = useAuthStore(selectIsAuthenticated);
  return useCart(signedIn);
}

/**
 * Start-up work of the shell: restore the session, then load the cart, and keep
 * the live channel connected with the current credentials.
 */
export function SessionBootstrap() {
  useRestoreSession();
  const cart = useAppCart();
  useCartSync(cart.data, cart.dataUpdatedAt);
  const queryClient = useQueryClient();
  const token = useAuthStore((state) => state.token);
  const status = useAuthStore((state) => state.status);

  useEffect(() => {
    live.start();
    const offCart = live.subscribe('cart.changed', () => void queryClient.invalidateQueries({ queryKey: cartQueryKey }));
    const offOrder = live.subscribe('order.changed', (event) => void queryClient.invalidateQueries({ queryKey: ['account', 'orders', event.order_id] }));
    return () => {
      offCart();
      offOrder();
      live.stop();
    };
  }, [queryClient]);

  useEffect(() => {
    if (status !== 'restoring') live.refreshCredentials();
  }, [token, status]);

  return null;
}
