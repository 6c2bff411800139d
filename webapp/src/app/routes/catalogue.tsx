import { useTranslation } from 'react-i18next';
import { useParams, useSearchParams } from 'react-router-dom';

import { PageHeader } from '@/components/ui/page-header';
import { WishlistButton } from '@/features/account/components/wishlist-button';
import { SignInCallout } from '@/features/auth/components/account-menu';
import { selectIsAuthenticated, useAuthStore } from '@/features/auth/stores/auth-store';
import { AddProgramButton } from '@/features/cart/components/add-program-button';
import { AddToCartButton } from '@/features/cart/components/add-to-cart-button';
import { CartPage } from '@/features/cart/components/cart-page';
import { CategoriesGrid } from '@/features/destinations/components/categories-grid';
import { CategoryPage } from '@/features/destinations/components/category-page';
import { DestinationDetail } from '@/features/destinations/components/destination-detail';
import { DestinationsBrowser } from '@/features/destinations/components/destinations-browser';
import { ProgramDetail } from '@/features/programs/components/program-detail';
import { ProgramsList } from '@/features/programs/components/programs-list';
import { RatedSection } from '@/features/reviews/components/rated-section';
import { usePickupPoints } from '@/features/pickup-points/api/get-pickup-points';

import { useAppCart } from '../session';

/** "Add to trip" for a destination; a 401 signs the traveller out, as any signed-in request's does (spec section 8). */
function useAddToTripAction(size: 'sm' | 'md', block?: boolean) {
  const signedIn = useAuthStore(selectIsAuthenticated);
  return (destination: { id: string }) => <AddToCartButton destinationId={destination.id} signedIn={signedIn} size={size} block={block} />;
}

export function DestinationsRoute() {
  const { t } = useTranslation();
  const addToTrip = useAddToTripAction('sm');
  const [params, setParams] = useSearchParams();
  const category = params.get('category') ?? undefined;
  return (
    <>
      <PageHeader title={t('destinations.title')} eyebrow={t('brand.serviceArea')} lead={t('destinations.lead')} />
      <DestinationsBrowser
        category={category}
        onCategoryChange={(next) => setParams(next ? { category: next } : {}, { replace: true })}
        renderAction={addToTrip}
      />
    </>
  );
}

export function DestinationRoute() {
  const [params] = useSearchParams();
  const addToTrip = useAddToTripAction('md', true);
  const signedIn = useAuthStore(selectIsAuthenticated);
  return (
    <DestinationDetail
      id={params.get('id') ?? params.get('slug')}
      renderAction={(destination) => (
        <>
          {addToTrip(destination)}
          <WishlistButton kind="destination" itemId={destination.id} signedIn={signedIn} />
        </>
      )}
      renderAfter={(destination) => <RatedSection kind="destination" id={destination.id} />}
    />
  );
}

export function CategoriesRoute() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const addToTrip = useAddToTripAction('sm');
  const category = params.get('category');
  if (category) {
    return <CategoryPage category={category} onCategoryChange={(next) => setParams(next ? { category: next } : {}, { replace: true })} renderAction={addToTrip} />;
  }
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
  const signedIn = useAuthStore(selectIsAuthenticated);
  return (
    <ProgramDetail
      id={id ?? params.get('id') ?? undefined}
      renderAction={(program) => (
        <>
          <AddProgramButton programId={program.id} signedIn={signedIn} block />
          <WishlistButton kind="program" itemId={program.id} signedIn={signedIn} />
        </>
      )}
      renderAfter={(program) => <RatedSection kind="program" id={program.id} />}
    />
  );
}

/** The trip being built: the cart's stops in order, with the priced rate plans. */
export function TripRoute() {
  const { t } = useTranslation();
  const signedIn = useAuthStore(selectIsAuthenticated);
  const cart = useAppCart();
  const pickupPoints = usePickupPoints();
  return (
    <>
      <PageHeader title={t('trip.title')} lead={t('trip.lead')} />
      <CartPage cart={cart} signedIn={signedIn} signIn={<SignInCallout />} pickupPoints={pickupPoints.data ?? []} />
    </>
  );
}
