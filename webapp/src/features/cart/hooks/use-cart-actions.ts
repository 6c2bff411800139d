import { useTranslation } from 'react-i18next';

import { toast } from '@/lib/toast';

import { useClearCart } from '../api/clear-cart';
import type { Cart } from '../api/get-cart';
import type { MoveDirection } from '../api/move-cart-item';
import { useMoveCartItem } from '../api/move-cart-item';
import { useRemoveCartItem } from '../api/remove-cart-item';

/** The cart's edit actions with the spec's messages (section 8). */
export function useCartActions() {
  const { t } = useTranslation();
  const move = useMoveCartItem();
  const remove = useRemoveCartItem();
  const clear = useClearCart();
  return {
    pending: move.isPending || remove.isPending || clear.isPending,
    /** Moves a stop one place; onMoved gets the cart as the server has it after the move. */
    move: (itemId: string, direction: MoveDirection, onMoved?: (cart: Cart) => void) =>
      move.mutate({ itemId, direction }, { onSuccess: onMoved, onError: () => toast.error(t('cart.moveFailed')) }),
    remove: (itemId: string, onRemoved?: (cart: Cart) => void) =>
      remove.mutate(itemId, {
        onSuccess: (cart) => {
          toast.success(t('cart.destinationDeleted'));
          onRemoved?.(cart);
        },
        onError: () => toast.error(t('cart.removeFailed')),
      }),
    clear: () =>
      clear.mutate(undefined, {
        onSuccess: () => toast.success(t('cart.cleared')),
        onError: () => toast.error(t('cart.clearFailed')),
      }),
  };
}
