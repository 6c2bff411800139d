import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';

import { useRestoreSession } from '@/features/auth/hooks/use-session';
import { selectIsAuthenticated, useAuthStore } from '@/features/auth/stores/auth-store';
import { cartQueryKey, useCart } from '@/features/cart/api/get-cart';
import { useCartSync } from '@/features/cart/hooks/use-cart-sync';
import { notificationsKey } from '@/features/notifications/api/notifications';

/** The cart, loaded at start once the session is known (spec section 4). */
export function useAppCart() {
  const signedIn = useAuthStore(selectIsAuthenticated);
  return useCart(signedIn);
}

// The live channel (and its Socket.IO client) loads after the first render, not with the page.
const loadLive = () => import('@/lib/live');

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
    let cancelled = false;
    let stop = () => undefined;
    void loadLive().then(({ configureLive, live }) => {
      if (cancelled) return;
      configureLive(() => useAuthStore.getState().token);
      live.start();
      const offCart = live.subscribe('cart.changed', () => void queryClient.invalidateQueries({ queryKey: cartQueryKey }));
      // The order page and the history both read under ['account', 'orders'].
      const offOrder = live.subscribe('order.changed', () => void queryClient.invalidateQueries({ queryKey: ['account', 'orders'] }));
      const offNew = live.subscribe('notification.created', () => void queryClient.invalidateQueries({ queryKey: notificationsKey }));
      const offRead = live.subscribe('notification.read', () => void queryClient.invalidateQueries({ queryKey: notificationsKey }));
      stop = () => {
        offCart();
        offOrder();
        offNew();
        offRead();
        live.stop();
      };
    });
    return () => {
      cancelled = true;
      stop();
    };
  }, [queryClient]);

  useEffect(() => {
    // After the effect above has started the channel: both wait for the same module, in order.
    if (status !== 'restoring') void loadLive().then(({ live }) => live.refreshCredentials());
  }, [token, status]);

  return null;
}
