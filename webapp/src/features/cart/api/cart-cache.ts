import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';

import { useCartMirrorStore } from '../stores/cart-mirror-store';

import { cartQueryKey, type Cart } from './get-cart';

/**
 * Every call that changes the cart answers with the whole cart as the server
 * now holds it: put that answer in the query cache (and the cookie mirror) so
 * the screen shows it at once, without waiting for a refetch.
 */
export function useApplyCart(): (cart: Cart) => void {
  const queryClient = useQueryClient();
  return useCallback(
    (cart: Cart) => {
      const current = queryClient.getQueryData<Cart>(cartQueryKey);
      // A live notice may already have brought a newer cart; never go back.
      if (current && current.version > cart.version) return;
      queryClient.setQueryData(cartQueryKey, cart);
      // The same cart timed for another departure (the checkout) is priced again.
      void queryClient.invalidateQueries({ queryKey: [...cartQueryKey, 'at'] });
      // So are the pickup times offered for it (the checkout's).
      void queryClient.invalidateQueries({ queryKey: [...cartQueryKey, 'pickup-times'] });
      useCartMirrorStore.getState().replace(cart.data.map((item) => item.destination_id));
    },
    [queryClient],
  );
}
