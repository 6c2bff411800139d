import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';

import { Button, ButtonLink } from '@/components/ui/button';
import { Icon } from '@/components/ui/icon';
import { QueryView } from '@/components/ui/query-view';
import { EmptyState, SkeletonGrid } from '@/components/ui/states';
import { paths } from '@/config/paths';
import { failureMessage } from '@/lib/server-errors';
import { toast } from '@/lib/toast';

import { useWishlist } from '../api/get-wishlist';
import { useWishlistItem } from '../api/get-wishlist-item';
import { useRemoveFromWishlist } from '../api/remove-from-wishlist';
import type { WishlistItem } from '../api/types';

import './account.css';

function WishlistRow({ item }: { item: WishlistItem }) {
  const { t, i18n } = useTranslation();
  const details = useWishlistItem(item, i18n.language);
  const remove = useRemoveFromWishlist();
  const name = details.data?.name ?? (details.isError ? t('account.wishlist.unavailable') : t('common.loading'));
  const href = item.kind === 'program' ? paths.programDetail(item.item_id) : paths.destinationDetail(item.item_id);
  return (
    <li className="place-list__item">
      <span className="place-list__icon" aria-hidden="true">
        <Icon name={item.kind === 'program' ? 'route' : 'star'} />
      </span>
      <div>
        {details.isError ? <p className="place-list__name">{name}</p> : <Link className="place-list__name" to={href}>{name}</Link>}
        <p className="place-list__meta">{t(`account.wishlist.kind_${item.kind}`)}</p>
      </div>
      <Button
        variant="ghost"
        size="sm"
        aria-label={t('account.wishlist.remove', { name })}
        icon={<Icon name="trash" size={16} />}
        loading={remove.isPending}
        onClick={() =>
          void remove
            .mutateAsync(item)
            .then((result) => toast.success(result.message || t('account.wishlist.removed')))
            .catch((error: unknown) => toast.error(failureMessage(error, t('account.wishlist.removeFailed'))))
        }
      />
    </li>
  );
}

export function Wishlist() {
  const { t } = useTranslation();
  const wishlist = useWishlist();
  return (
    <QueryView
      query={wishlist}
      loading={<SkeletonGrid count={3} variant="row" />}
      isEmpty={(list) => list.length === 0}
      empty={
        <EmptyState icon="star" title={t('account.wishlistEmpty')} description={t('account.wishlistText')} action={<ButtonLink to={paths.destinations}>{t('cart.browse')}</ButtonLink>} />
      }
    >
      {(list) => (
        <ul className="place-list" aria-label={t('account.tabs.wishlist')}>
          {list.map((item) => (
            <WishlistRow key={`${item.kind}:${item.item_id}`} item={item} />
          ))}
        </ul>
      )}
    </QueryView>
  );
}
