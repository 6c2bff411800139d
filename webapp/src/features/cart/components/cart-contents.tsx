import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

import { ButtonLink } from '@/components/ui/button';
import { Photo } from '@/components/ui/photo';
import { QueryView } from '@/components/ui/query-view';
import { EmptyState, SkeletonGrid } from '@/components/ui/states';
import { paths } from '@/config/paths';

import type { Cart } from '../api/get-cart';

import { TripSummary } from './trip-summary';

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

/** The cart as a list of stops with the trip's totals; used by the header panel and the drawer. */
export function CartContents({ cart, signedIn, signIn, onNavigate }: CartContentsProps) {
  const { t } = useTranslation();
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
        <div className="stack">
          <ol className="stop-list">
            {data.data.map((item, index) => (
              <li key={item.id} className="stop-list__item">
                <span className="stop-list__index" aria-hidden="true">
                  {index + 1}
                </span>
                <Photo className="stop-list__photo" src={item.destination?.photo} alt="" seed={item.destination_id} sizes="48px" />
                <span className="stop-list__name">{item.destination?.name ?? t('cart.unknownStop')}</span>
              </li>
            ))}
          </ol>
          {data.trip_calculations ? <TripSummary calculations={data.trip_calculations} compact /> : null}
          <div className="button-row">
            <ButtonLink to={paths.trip} variant="secondary" onClick={onNavigate}>
              {t('cart.viewTrip')}
            </ButtonLink>
            {data.data.length > 1 ? (
              <ButtonLink to={paths.checkout} onClick={onNavigate}>
                {t('cart.checkout')}
              </ButtonLink>
            ) : null}
          </div>
          {data.data.length === 1 ? <p className="muted small">{t('cart.needTwo')}</p> : null}
        </div>
      )}
    </QueryView>
  );
}
