import { useTranslation } from 'react-i18next';
import { useParams, useSearchParams } from 'react-router-dom';

import { ButtonLink } from '@/components/ui/button';
import { PageHeader } from '@/components/ui/page-header';
import { QueryView } from '@/components/ui/query-view';
import { EmptyState, SkeletonGrid } from '@/components/ui/states';
import { paths } from '@/config/paths';
import { SignInCallout } from '@/features/auth/components/account-menu';
import { selectIsAuthenticated, useAuthStore } from '@/features/auth/stores/auth-store';
import { Photo } from '@/components/ui/photo';
import { TripSummary } from '@/features/cart/components/trip-summary';
import { CategoriesGrid } from '@/features/destinations/components/categories-grid';
import { DestinationDetail } from '@/features/destinations/components/destination-detail';
import { DestinationsBrowser } from '@/features/destinations/components/destinations-browser';
import { ProgramDetail } from '@/features/programs/components/program-detail';
import { ProgramsList } from '@/features/programs/components/programs-list';

import { useAppCart } from '../session';

export function DestinationsRoute() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const category = params.get('category') ?? undefined;
  return (
    <>
      <PageHeader title={t('destinations.title')} eyebrow={t('brand.serviceArea')} lead={t('destinations.lead')} />
      <DestinationsBrowser
        category={category}
        onCategoryChange={(next) => setParams(next ? { category: next } : {}, { replace: true })}
      />
    </>
  );
}

export function DestinationRoute() {
  const [params] = useSearchParams();
  return <DestinationDetail id={params.get('id') ?? params.get('slug')} />;
}

export function CategoriesRoute() {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader title={t('categories.title')} lead={t('categories.lead')} />
      <CategoriesGrid />
    </>
  );
}

export function ProgramsRoute() {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader title={t('programs.title')} lead={t('programs.lead')} />
      <ProgramsList />
    </>
  );
}

export function ProgramRoute() {
  const { id } = useParams();
  const [params] = useSearchParams();
  return <ProgramDetail id={id ?? params.get('id') ?? undefined} />;
}

/** The trip being built: the cart's stops in order, with the priced rate plans. */
export function TripRoute() {
  const { t } = useTranslation();
  const signedIn = useAuthStore(selectIsAuthenticated);
  const cart = useAppCart();
  return (
    <>
      <PageHeader title={t('trip.title')} lead={t('trip.lead')} />
      {!signedIn ? (
        <div className="narrow">
          <EmptyState icon="route" title={t('cart.signedOutTitle')} description={t('cart.signedOutText')} action={<SignInCallout />} />
        </div>
      ) : (
        <QueryView
          query={cart}
          loading={<SkeletonGrid count={3} variant="row" />}
          isEmpty={(data) => data.data.length === 0}
          empty={<EmptyState icon="route" title={t('cart.emptyTitle')} description={t('cart.emptyText')} action={<ButtonLink to={paths.destinations}>{t('cart.browse')}</ButtonLink>} />}
        >
          {(data) => (
            <div className="split split--wide">
              <ol className="stop-list stop-list--timeline">
                {data.data.map((item, index) => (
                  <li key={item.id} className="stop-list__item stop-list__item--card">
                    <span className="stop-list__index" aria-hidden="true">{index + 1}</span>
                    <Photo className="stop-list__photo stop-list__photo--lg" src={item.destination?.photo} alt="" seed={item.destination_id} sizes="96px" />
                    <span className="stop-list__name">{item.destination?.name ?? t('cart.unknownStop')}</span>
                  </li>
                ))}
              </ol>
              <aside className="card card--plain stack">
                <h2 className="section-title">{t('trip.summary')}</h2>
                {data.trip_calculations ? <TripSummary calculations={data.trip_calculations} /> : <p className="muted">{t('trip.noRates')}</p>}
                {data.data.length > 1 ? (
                  <ButtonLink to={paths.checkout} block>{t('cart.checkout')}</ButtonLink>
                ) : (
                  <p className="muted small">{t('cart.needTwo')}</p>
                )}
              </aside>
            </div>
          )}
        </QueryView>
      )}
    </>
  );
}
