import { useEffect } from 'react';

import { usePanelsStore } from '@/stores/panels-store';

import type { Cart } from '../api/get-cart';
import { useCartMirrorStore } from '../stores/cart-mirror-store';

/**
 * After every successful load: mirror the destination ids into the cookie,
 * and when the cart came back empty reset every header panel (spec section 2).
 */
export function useCartSync(cart: Cart | undefined, loadedAt: number): void {
  useEffect(() => {
    if (!cart || loadedAt === 0) return;
    useCartMirrorStore.getState().replace(cart.data.map((item) => item.destination_id));
    if (cart.data.length === 0) usePanelsStore.getState().resetAll();
  }, [cart, loadedAt]);
}
