import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useParams, useSearchParams } from 'react-router-dom';

import { ButtonLink } from '@/components/ui/button';
import { PageHeader } from '@/components/ui/page-header';
import { EmptyState, SkeletonGrid } from '@/components/ui/states';
import { paths } from '@/config/paths';
import { useLanguage } from '@/hooks/use-language';
import { useRouteArrow } from '@/hooks/use-route-arrow';
import { formatNumber } from '@/utils/format';
import { SignInCallout } from '@/features/auth/components/account-menu';
import { selectIsAuthenticated, useAuthStore } from '@/features/auth/stores/auth-store';
import { useTravellerPlaces } from '@/features/account/api/traveller-places';
import { useCartAt } from '@/features/cart/api/get-cart';
import { TimedFor } from '@/features/cart/components/cart-page';
import { DayFitNotice, dayFitBlock } from '@/features/cart/components/day-fit-notice';
import { RoutePointsPicker } from '@/features/cart/components/route-points-picker';
import { TripSummary } from '@/features/cart/components/trip-summary';
import { startChosen } from '@/features/cart/utils/places';
import { CheckoutForm } from '@/features/checkout/components/checkout-form';
import { PaymentById, PaymentOutcomeView } from '@/features/payments/components/payment-result';
import { outcomeOf } from '@/features/payments/api/get-payment';
import { usePickupPoints } from '@/features/pickup-points/api/get-pickup-points';
import { pickupSelectionPath } from '@/features/pickup-points/utils/return-path';
import { useRates } from '@/features/rates/api/get-rates';
import { EnquiryForm } from '@/features/rates/components/enquiry-form';
import { EnquiryLink } from '@/features/enquiries/components/enquiry-link';
import { useProgram } from '@/features/programs/api/get-program';
import { useDestinations } from '@/features/destinations/api/get-destinations';
import { RatesList } from '@/features/rates/components/rates-list';
import { TripStatusLookup } from '@/features/trip-status/components/trip-status-lookup';
import { TripProgressStrip } from '@/features/dispatch/components/trip-progress';
import { tripHeadline } from '@/features/dispatch/api/headline';
import { useTripProgress } from '@/features/dispatch/api/progress';

import { useAppCart } from '../session';

export function RatesRoute() {
  const arrow = useRouteArrow();
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  const points = usePickupPoints();
  // Back from the pickup selection page: the choice is in the address.
  const start = params.get('pickup');
  const end = params.get('end');
  const name = (id: string | null) => (id ? points.data?.find((point) => point.id === id)?.name : undefined);
  const pickup = start
    ? { start, end, label: [name(start), end && end !== start ? name(end) : undefined].filter(Boolean).join(arrow) || undefined }
    : null;
  const programId = params.get('program') ?? undefined;
  const program = useProgram(programId);
  // A visitor has no trip on the server (the cart needs an account): without a program they list the
  // destinations of their itinerary in the form; a signed-in traveller's enquiry carries their trip.
  const signedIn = useAuthStore(selectIsAuthenticated);
  const user = useAuthStore((state) => state.user);
  const cart = useAppCart();
  const listing = !programId && !signedIn;
  const destinations = useDestinations({ limit: 50 }, listing);
  const destinationOptions = listing ? (destinations.data?.pages.flatMap((page) => page.data) ?? []).map((d) => ({ id: d.id, name: d.name })) : undefined;
  const needPickup = () => {
    const back = new URLSearchParams(location.search);
    back.delete('pickup');
    back.delete('end');
    const query = back.toString();
    void navigate(pickupSelectionPath(paths.points, `${location.pathname}${query ? `?${query}` : ''}#enquiry-title`));
  };
  return (
    <>
      <PageHeader title={t('rates.title')} lead={t('rates.lead')} />
      <RatesList />
      <section className="section" aria-labelledby="enquiry-title">
        <div className="section__head">
          <div>
            <h2 id="enquiry-title" className="section-title">{t('enquiry.title')}</h2>
            <p className="section__lead">{t('enquiry.lead')}</p>
          </div>
        </div>
        <div className="card card--plain">
          <EnquiryForm
            key={`${start ?? ''}/${programId ?? ''}`}
            programId={programId}
            programName={program.data?.name}
            destinations={destinationOptions}
            pickup={pickup}
            onNeedPickup={needPickup}
            contact={signedIn ? user : null}
            trip={
              signedIn && !programId
                ? {
                    // The trip an enquiry is priced from leaves out destinations unpublished since they were added.
                    stops: cart.data?.data.filter((item) => item.available).map((item) => ({ id: item.id, name: item.destination?.name ?? null })),
                    loading: cart.isPending,
                    failed: cart.isError,
                    reload: () => void cart.refetch(),
                  }
                : undefined
            }
          />
        </div>
      </section>
    </>
  );
}

/** Checkout's heading, the same in every state; the server writes it before the app runs (src/app/first-screens.tsx). */
export function CheckoutHeader() {
  const { t } = useTranslation();
  return <PageHeader title={t('checkout.title')} lead={t('checkout.lead')} />;
}

function scrollToPickup() {
  document.getElementById('pickup')?.scrollIntoView({ behavior: 'smooth' });
}

export function CheckoutRoute() {
  const { t } = useTranslation();
  const language = useLanguage();
  const signedIn = useAuthStore(selectIsAuthenticated);
  const cart = useAppCart();
  const rates = useRates();
  const user = useAuthStore((state) => state.user);
  const pickupPoints = usePickupPoints();
  const ownPlaces = useTravellerPlaces(signedIn);
  // Until a date and time are chosen the cart is timed for 09:00 tomorrow; then for the chosen start.
  const [departure, setDeparture] = useState<string | null>(null);
  const timed = useCartAt(departure, signedIn);
  // The form is the page's heaviest part: it keeps the same props (and so is not drawn again) while the
  // page's other answers land.
  // Each with its car's seats (the rate plans' list says them; the cart's prices do not), which the
  // form checks the group against, and which its name says: a traveller choosing for a group needs them.
  const rateOptions = useMemo(() => {
    const calculated = cart.data?.trip_calculations?.rate_calculations ?? [];
    const seatsOf = (id: string) => rates.data?.find((rate) => rate.id === id)?.seats;
    const option = (value: string, name: string, seats: number | null | undefined) => ({
      value,
      label: seats ? t('checkout.rateWithSeats', { name, count: seats }) : name,
      seats,
    });
    return calculated.length
      ? calculated.map((rate) => option(rate.rate_id, rate.name, seatsOf(rate.rate_id)))
      : (rates.data ?? []).map((rate) => option(rate.id, rate.name, rate.seats));
  }, [cart.data, rates.data, t]);
  const header = <CheckoutHeader />;

  if (!signedIn) {
    return (
      <>
        {header}
        <div className="narrow">
          <EmptyState icon="ticket" title={t('checkout.signInTitle')} description={t('checkout.signInText')} action={<SignInCallout />} />
        </div>
      </>
    );
  }
  if (cart.isPending) return <>{header}<SkeletonGrid count={3} variant="row" /></>;
  const items = cart.data?.data ?? [];
  if (items.length < 2) {
    return (
      <>
        {header}
        <EmptyState icon="route" title={t('checkout.needTwoTitle')} description={t('cart.needTwo')} action={<ButtonLink to={paths.destinations}>{t('cart.browse')}</ButtonLink>} />
      </>
    );
  }
  const quoted = (departure ? timed.data : undefined) ?? cart.data;
  // Pay waits for the cart timed for the chosen start, and is refused by the same rule checkout applies.
  const timedReady = departure !== null && timed.data !== undefined && !timed.isPlaceholderData;
  // A trip longer than the day plan fits no start on any day: Pay says so before a day is chosen.
  const longerThanADay = quoted?.trip_calculations?.day_fit.misfit === 'longer_than_day_plan';
  const blocked = timedReady ? dayFitBlock(timed.data.trip_calculations) : longerThanADay ? dayFitBlock(quoted.trip_calculations) : null;
  return (
    <>
      {header}
      <div className="split split--wide">
        <div className="stack stack--loose">
          <section className="card card--plain stack" id="pickup">
            <h2 className="section-title">{t('checkout.pickupTitle')}</h2>
            {cart.data ? (
              <RoutePointsPicker
                cart={cart.data}
                pickupPoints={pickupPoints.data ?? []}
                savedPlaces={ownPlaces}
              />
            ) : null}
          </section>
          <section className="card card--plain stack">
            <h2 className="section-title">{t('checkout.detailsTitle')}</h2>
            <CheckoutForm
              rates={rateOptions}
              pointsChosen={startChosen(cart.data?.start_point)}
              onDepartureChange={setDeparture}
              onNeedPickup={scrollToPickup}
              defaults={user}
              blocked={blocked}
            />
          </section>
        </div>
        <aside className="card card--plain stack">
          <h2 className="section-title">{t('trip.summary')}</h2>
          <ol className="stop-list">
            {items.map((item, index) => (
              <li key={item.id} className="stop-list__item">
                <span className="stop-list__index" aria-hidden="true">{formatNumber(index + 1, language)}</span>
                <span className="stop-list__name">{item.destination?.name ?? t('cart.unknownStop')}</span>
              </li>
            ))}
          </ol>
          {quoted?.trip_calculations ? (
            <div className="stack" data-testid="checkout-quote" data-departure={departure && timed.data && !timed.isPlaceholderData ? departure : ''}>
              <TimedFor cart={quoted} />
              {/* A trip longer than the day plan fits no start: every day says so on the calendar, and
                  this says why and what to do before any day is chosen. */}
              {departure || longerThanADay ? <DayFitNotice calculations={quoted.trip_calculations} /> : null}
              <TripSummary calculations={quoted.trip_calculations} besideDayFit={Boolean(departure)} />
              <p className="muted small">{t('checkout.chargedInEgp')}</p>
            </div>
          ) : null}
        </aside>
      </div>
    </>
  );
}

export function PaymentsRoute() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const status = params.get('status');
  return (
    <>
      <PageHeader title={t('payments.title')} />
      {status ? (
        <PaymentOutcomeView outcome={outcomeOf(status)} orderId={params.get('order')} />
      ) : (
        <EmptyState icon="wallet" title={t('payments.noneTitle')} description={t('payments.noneText')} action={<ButtonLink to={`${paths.account}?tab=orders`}>{t('account.tabs.orders')}</ButtonLink>} />
      )}
    </>
  );
}

export function PaymentRoute() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const signedIn = useAuthStore(selectIsAuthenticated);
  return (
    <>
      <PageHeader title={t('payments.title')} />
      <PaymentById id={id} signedIn={signedIn} />
    </>
  );
}

export function TripStatusRoute() {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader title={t('tripStatus.title')} lead={t('tripStatus.lead')} />
      <TripStatusLookup
        aside={(proven) => <TripProgressStrip tripNumber={proven.trip_number} email={proven.email} />}
        headline={(proven, status) => <LiveTripHeadline tripNumber={proven.trip_number} email={proven.email} status={status} />}
      />
    </>
  );
}

/** A booked trip's status as its live strip says it ("Driver on the way"); one request for both. */
function LiveTripHeadline({ tripNumber, email, status }: { tripNumber: string; email: string; status: string }) {
  const { t } = useTranslation();
  const progress = useTripProgress(tripNumber, email);
  const said = tripHeadline(status, progress.data?.status);
  return <>{t(`tripStatus.statuses.${said}`, { defaultValue: said })}</>;
}

export function EnquiryLinkRoute() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const [params] = useSearchParams();
  return (
    <>
      <PageHeader title={t('enquiryLink.title')} />
      <EnquiryLink tripNumber={id} token={params.get('key') ?? ''} />
    </>
  );
}
