import { useTranslation } from 'react-i18next';

import { toast } from '@/lib/toast';

import { useClearCart } from '../api/clear-cart';
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
    move: (itemId: string, direction: MoveDirection) =>
      move.mutate({ itemId, direction }, { onError: () => toast.error(t('cart.moveFailed')) }),
    remove: (itemId: string) =>
      remove.mutate(itemId, {
        onSuccess: () => toast.success(t('cart.destinationDeleted')),
        onError: () => toast.error(t('cart.removeFailed')),
      }),
    clear: () =>
      clear.mutate(undefined, {
        onSuccess: () => toast.success(t('cart.cleared')),
        onError: () => toast.error(t('cart.clearFailed')),
      }),
  };
}
