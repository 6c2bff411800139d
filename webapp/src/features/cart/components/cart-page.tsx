import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

import { Button, ButtonLink } from '@/components/ui/button';
import { QueryView } from '@/components/ui/query-view';
import { EmptyState, SkeletonGrid } from '@/components/ui/states';
import { paths } from '@/config/paths';
import { useLanguage } from '@/hooks/use-language';
import { formatDate } from '@/utils/format';

import type { Cart } from '../api/get-cart';
import { useCartActions } from '../hooks/use-cart-actions';

import { CheckoutButton } from './checkout-button';
import { DayFitNotice } from './day-fit-notice';
import { formatClockTime, Itinerary } from './itinerary';
import { OptimisePanel } from './optimise-panel';
import { PointsEditor, type PickupOption } from './points-editor';
import { RouteMap } from './route-map';
import { TripSummary } from './trip-summary';

interface CartQuery {
  data: Cart | undefined;
  isPending: boolean;
  isError: boolean;
  refetch: () => unknown;
}

interface CartPageProps {
  cart: CartQuery;
  signedIn: boolean;
  signIn: ReactNode;
  /** The pickup points the start and end can be chosen from (empty: no editor). */
  pickupPoints?: readonly PickupOption[];
}

/** When the trip's times and prices assume it leaves. */
export function TimedFor({ cart }: { cart: Cart }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const departure = cart.trip_calculations?.departure;
  if (!departure) return null;
  const date = formatDate(departure, language, { dateStyle: 'full' });
  return <p className="muted small">{t('cart.timedFor', { time: formatClockTime(departure, language), date })}</p>;
}

/** The trip page: the itinerary with its legs, the route drawn, the optimiser, the totals and every rate plan's price. */
export function CartPage({ cart, signedIn, signIn, pickupPoints = [] }: CartPageProps) {
  const { t } = useTranslation();
  const actions = useCartActions();
  if (!signedIn) {
    return (
      <div className="narrow">
        <EmptyState icon="route" title={t('cart.signedOutTitle')} description={t('cart.signedOutText')} action={signIn} />
      </div>
    );
  }
  return (
    <QueryView
      query={cart}
      loading={<SkeletonGrid count={3} variant="row" />}
      isEmpty={(data) => data.data.length === 0}
      empty={<EmptyState icon="route" title={t('cart.emptyTitle')} description={t('cart.emptyText')} action={<ButtonLink to={paths.destinations}>{t('cart.browse')}</ButtonLink>} />}
    >
      {(data) => (
        <div className="split split--wide" data-testid="cart-page">
          <div className="stack stack--loose">
            <section className="stack" aria-labelledby="stops-title">
              <div className="button-row">
                <h2 id="stops-title" className="section-title">
                  {t('cart.stopCount', { count: data.data.length })}
                </h2>
                <Button variant="ghost" size="sm" onClick={() => window.confirm(t('cart.clearConfirm')) && actions.clear()} disabled={actions.pending}>
                  {t('cart.clear')}
                </Button>
              </div>
              <Itinerary cart={data} />
              <TimedFor cart={data} />
            </section>
            <OptimisePanel cart={data} />
            <RouteMap cart={data} />
          </div>
          <aside className="card card--plain stack">
            <h2 className="section-title">{t('trip.summary')}</h2>
            <DayFitNotice calculations={data.trip_calculations} />
            {data.trip_calculations ? <TripSummary calculations={data.trip_calculations} besideDayFit /> : <p className="muted">{t('trip.noRates')}</p>}
            <CheckoutButton cart={data} block />
            <PointsEditor key={`${data.start_point?.pickup_point_id ?? ''}-${data.end_point?.pickup_point_id ?? ''}`} cart={data} pickupPoints={pickupPoints} />
          </aside>
        </div>
      )}
    </QueryView>
  );
}
