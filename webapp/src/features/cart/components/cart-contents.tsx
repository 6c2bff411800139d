import { Suspense, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

import { Button, ButtonLink } from '@/components/ui/button';
import { LoadFailureBoundary } from '@/components/ui/load-failure';
import { QueryView } from '@/components/ui/query-view';
import { EmptyState, SkeletonGrid } from '@/components/ui/states';
import { paths } from '@/config/paths';
import { lazyComponent } from '@/lib/lazy-component';

import type { Cart } from '../api/get-cart';
import { useCartActions } from '../hooks/use-cart-actions';

import { CheckoutButton } from './checkout-button';

// The stops' list and the totals are most of the cart's code, and the home page's first download
// carries the header: they load when the panel first shows a cart with stops.
const CartStops = lazyComponent(() => import('./cart-stops').then((m) => m.CartStops));

interface CartQuery {
  data: Cart | undefined;
  isPending: boolean;
  isError: boolean;
  refetch: () => unknown;
}

interface CartContentsProps {
  cart: CartQuery;
  signedIn: boolean;
  signIn: ReactNode;
  onNavigate?: () => void;
}

/** The cart in the header panel and the drawer: the stops (movable, removable), the totals, and the way on. */
export function CartContents({ cart, signedIn, signIn, onNavigate }: CartContentsProps) {
  const { t } = useTranslation();
  const actions = useCartActions();
  if (!signedIn) {
    return (
      <div className="stack">
        <EmptyState compact icon="route" title={t('cart.signedOutTitle')} description={t('cart.signedOutText')} />
        {signIn}
      </div>
    );
  }
  return (
    <QueryView
      query={cart}
      compact
      loading={<SkeletonGrid count={3} variant="row" />}
      isEmpty={(data) => data.data.length === 0}
      empty={
        <EmptyState
          compact
          icon="route"
          title={t('cart.emptyTitle')}
          description={t('cart.emptyText')}
          action={
            <ButtonLink to={paths.destinations} onClick={onNavigate} size="sm">
              {t('cart.browse')}
            </ButtonLink>
          }
        />
      }
    >
      {(data) => (
        <div className="stack" data-testid="cart-contents">
          <LoadFailureBoundary compact>
            <Suspense fallback={<SkeletonGrid count={Math.min(data.data.length, 3)} variant="row" />}>
              <CartStops cart={data} />
            </Suspense>
          </LoadFailureBoundary>
          <div className="button-row">
            <ButtonLink to={paths.trip} variant="secondary" onClick={onNavigate}>
              {t('cart.viewTrip')}
            </ButtonLink>
            <Button variant="ghost" onClick={() => window.confirm(t('cart.clearConfirm')) && actions.clear()} disabled={actions.pending}>
              {t('cart.clear')}
            </Button>
          </div>
          <CheckoutButton cart={data} onNavigate={onNavigate} />
        </div>
      )}
    </QueryView>
  );
}
