import { useTranslation } from 'react-i18next';

import { Button } from '@/components/ui/button';
import { Icon } from '@/components/ui/icon';
import { failureMessage } from '@/lib/server-errors';
import { toast } from '@/lib/toast';

import { useAddToWishlist } from '../api/add-to-wishlist';
import { useWishlist } from '../api/get-wishlist';
import { useRemoveFromWishlist } from '../api/remove-from-wishlist';

/**
 * A heart for a destination or program page. Pages compose it from src/app (features do not import
 * each other); `signedIn` comes from there too.
 */
export function WishlistButton({ kind, itemId, signedIn }: { kind: 'destination' | 'program'; itemId: string; signedIn: boolean }) {
  const { t } = useTranslation();
  const wishlist = useWishlist(signedIn);
  const add = useAddToWishlist();
  const remove = useRemoveFromWishlist();
  if (!signedIn) return null;
  const saved = (wishlist.data ?? []).some((item) => item.kind === kind && item.item_id === itemId);
  const toggle = () => {
    const call = saved ? remove.mutateAsync({ kind, item_id: itemId }) : add.mutateAsync({ kind, item_id: itemId });
    void call
      .then((result) => toast.success(result.message))
      .catch((error: unknown) => toast.error(failureMessage(error, t('account.wishlist.failed'))));
  };
  return (
    <Button variant={saved ? 'accent' : 'secondary'} size="sm" aria-pressed={saved} loading={add.isPending || remove.isPending} icon={<Icon name="star" size={16} />} onClick={toggle}>
      {saved ? t('account.wishlist.saved') : t('account.wishlist.save')}
    </Button>
  );
}
