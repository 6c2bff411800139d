import { Component, type ReactNode } from 'react';
import { BrowserRouter, Navigate, useLocation, useRouteError, useRoutes, type Location, type RouteObject } from 'react-router-dom';

import { AppFailure } from '@/components/ui/load-failure';
import { ADMIN_SECTIONS, LEGACY_REDIRECTS, paths } from '@/config/paths';
import { RequireAdmin, RequireUser } from '@/features/auth/components/guards';
import { SessionEndedNotice } from '@/features/auth/components/session-ended-notice';
import { loadMessages, type MessagePart } from '@/lib/i18n';
import { forgetFailedLoad, lazyComponent } from '@/lib/lazy-component';

import { HomeLayout } from './layouts/home-layout';
import { LazyPage } from './layouts/lazy-page';
import { NewLayout } from './layouts/new-layout';
import { HomeRoute } from './routes/home';
import { NotFoundRoute } from './routes/not-found';
import { HeadSync } from './head-sync';
import { RouteAnnouncer } from './route-announcer';
import { SessionBootstrap } from './session';

// Every screen but the home page loads when first opened, so the home page downloads only what it
// shows (lazyComponent: a screen that did not load, offline, loads again when tried again). Staff screens (admin, support, the trips board), the driver's day and the map are never part
// of a visitor's first download: never import them statically from here, the layouts or the home page.
// Each loads the parts of the translations it needs with its code (the home page's are already there).
const withMessages =
  <T,>(load: () => Promise<T>, ...parts: MessagePart[]) =>
  (): Promise<T> =>
    // Should the translations fail to load, the screen still opens (as the app does at start-up).
    Promise.all([load(), loadMessages(...parts).catch(() => undefined)]).then(([module]) => module);
const account = withMessages(() => import('./routes/account'), 'site');
const AccountRoute = lazyComponent(() => account().then((m) => m.AccountRoute));
const OrderRoute = lazyComponent(() => account().then((m) => m.OrderRoute));
const OrderActionRoute = lazyComponent(() => account().then((m) => m.OrderActionRoute));
const auth = withMessages(() => import('./routes/auth'), 'site');
const SignInRoute = lazyComponent(() => auth().then((m) => m.SignInRoute));
const SignUpRoute = lazyComponent(() => auth().then((m) => m.SignUpRoute));
const ForgotPasswordRoute = lazyComponent(() => auth().then((m) => m.ForgotPasswordRoute));
const ResetPasswordRoute = lazyComponent(() => auth().then((m) => m.ResetPasswordRoute));
const AdminPasswordResetRoute = lazyComponent(() => auth().then((m) => m.AdminPasswordResetRoute));
const AdminLoginRoute = lazyComponent(() => auth().then((m) => m.AdminLoginRoute));
const booking = withMessages(() => import('./routes/booking'), 'site');
const RatesRoute = lazyComponent(() => booking().then((m) => m.RatesRoute));
const CheckoutRoute = lazyComponent(() => booking().then((m) => m.CheckoutRoute));
const PaymentsRoute = lazyComponent(() => booking().then((m) => m.PaymentsRoute));
const PaymentRoute = lazyComponent(() => booking().then((m) => m.PaymentRoute));
const EnquiryLinkRoute = lazyComponent(() => booking().then((m) => m.EnquiryLinkRoute));
const TripStatusRoute = lazyComponent(() => booking().then((m) => m.TripStatusRoute));
const catalogue = withMessages(() => import('./routes/catalogue'), 'site');
const DestinationsRoute = lazyComponent(() => catalogue().then((m) => m.DestinationsRoute));
const DestinationRoute = lazyComponent(() => catalogue().then((m) => m.DestinationRoute));
const CategoriesRoute = lazyComponent(() => catalogue().then((m) => m.CategoriesRoute));
const ProgramsRoute = lazyComponent(() => catalogue().then((m) => m.ProgramsRoute));
const ProgramRoute = lazyComponent(() => catalogue().then((m) => m.ProgramRoute));
const TripRoute = lazyComponent(() => catalogue().then((m) => m.TripRoute));
const info = withMessages(() => import('./routes/info'), 'site');
const AboutRoute = lazyComponent(() => info().then((m) => m.AboutRoute));
const TermsRoute = lazyComponent(() => info().then((m) => m.TermsRoute));
const PrivacyRoute = lazyComponent(() => info().then((m) => m.PrivacyRoute));
const PointsRoute = lazyComponent(() => info().then((m) => m.PointsRoute));
const StartRoute = lazyComponent(() => info().then((m) => m.StartRoute));
const admin = withMessages(() => import('./routes/admin'), 'site', 'admin');
const AdminLayout = lazyComponent(() => withMessages(() => import('./layouts/admin-layout'), 'site', 'admin')().then((m) => m.AdminLayout));
const AdminDashboardRoute = lazyComponent(() => admin().then((m) => m.AdminDashboardRoute));
const AdminHomeRoute = lazyComponent(() => admin().then((m) => m.AdminHomeRoute));
const AdminHomeEditRoute = lazyComponent(() => admin().then((m) => m.AdminHomeEditRoute));
const AdminMailboxRoute = lazyComponent(() => admin().then((m) => m.AdminMailboxRoute));
const AdminMailRoute = lazyComponent(() => admin().then((m) => m.AdminMailRoute));
const AdminReviewsRoute = lazyComponent(() => admin().then((m) => m.AdminReviewsRoute));
const AdminPurchaseOrdersRoute = lazyComponent(() => admin().then((m) => m.AdminPurchaseOrdersRoute));
const AdminProcessStepsRoute = lazyComponent(() => admin().then((m) => m.AdminProcessStepsRoute));
const AdminRecordRoute = lazyComponent(() => admin().then((m) => m.AdminRecordRoute));
const AdminSectionRoute = lazyComponent(() => admin().then((m) => m.AdminSectionRoute));
const AdminTripsRoute = lazyComponent(() => admin().then((m) => m.AdminTripsRoute));
const AdminManifestRoute = lazyComponent(() => admin().then((m) => m.AdminManifestRoute));
const AdminPlannerRoute = lazyComponent(() => admin().then((m) => m.AdminPlannerRoute));
const DriverRoute = lazyComponent(() => withMessages(() => import('./routes/driver'), 'site')().then((m) => m.DriverRoute));
const DriverLayout = lazyComponent(() => withMessages(() => import('./layouts/driver-layout'), 'site')().then((m) => m.DriverLayout));
const SupportConsole = lazyComponent(() => withMessages(() => import('@/features/support/components/support-console'), 'site', 'admin')().then((m) => m.SupportConsole));

function Root() {
  return (
    <>
      <SessionBootstrap />
      <HeadSync />
      <RouteAnnouncer />
      <SessionEndedNotice />
      <LazyPage />
    </>
  );
}

const adminSectionRoutes: RouteObject[] = ADMIN_SECTIONS.flatMap((section) => {
  const base = section.path.replace(/^\/admin\//, '');
  const routes: RouteObject[] = [{ path: base, element: <AdminSectionRoute section={section.key} /> }];
  if (section.edit) routes.push({ path: `${base}/edit`, element: <AdminRecordRoute section={section.key} mode="edit" /> });
  routes.push({ path: `${base}/create`, element: <AdminRecordRoute section={section.key} mode="create" /> });
  return routes;
});

/** The route table of spec section 2, with its layouts and guards. */
export const routes: RouteObject[] = [
  {
    element: <Root />,
    // The last net of a data router (the tests'); the app's own router has RouteErrorBoundary below.
    errorElement: <RouteFailure />,
    children: [
      // Leftovers of the old route table: permanent redirects (the server answers 308 for them too).
      ...LEGACY_REDIRECTS.map((redirect) => ({ path: redirect.from, element: <Navigate to={redirect.to} replace /> })),
      {
        element: <HomeLayout />,
        children: [
          { index: true, element: <HomeRoute /> },
          { path: 'about', element: <AboutRoute /> },
          { path: 'rates', element: <RatesRoute /> },
          { path: 'start', element: <StartRoute /> },
          { path: 'terms', element: <TermsRoute /> },
          { path: 'privacy', element: <PrivacyRoute /> },
          { path: 'points', element: <PointsRoute /> },
          { path: 'program', element: <ProgramRoute /> },
          { path: 'program/:id', element: <ProgramRoute /> },
          { path: 'programs', element: <ProgramsRoute /> },
          { path: 'payments', element: <PaymentsRoute /> },
          { path: 'payments/:id', element: <PaymentRoute /> },
          { path: 'enquiry/:id', element: <EnquiryLinkRoute /> },
          { path: 'checkout', element: <CheckoutRoute /> },
          { path: 'categories', element: <CategoriesRoute /> },
          { path: 'tripstatus', element: <TripStatusRoute /> },
          { path: 'destination', element: <DestinationRoute /> },
          { path: 'destinations', element: <DestinationsRoute /> },
          { path: 'destinations/trip', element: <TripRoute /> },
          { path: '404', element: <NotFoundRoute /> },
          {
            element: <RequireUser />,
            children: [
              { path: 'account', element: <AccountRoute /> },
              { path: 'account/order/:id', element: <OrderRoute /> },
              { path: 'account/order/:id/cancel', element: <OrderActionRoute action="cancel" /> },
              { path: 'account/order/:id/refund', element: <OrderActionRoute action="refund" /> },
              { path: 'account/order/:id/exchange', element: <OrderActionRoute action="exchange" /> },
            ],
          },
          { path: '*', element: <NotFoundRoute /> },
        ],
      },
      {
        // The driver's phone: their trips without the shop around them.
        element: <DriverLayout />,
        children: [{ element: <RequireUser />, children: [{ path: 'driver', element: <DriverRoute /> }] }],
      },
      {
        element: <NewLayout />,
        children: [
          { path: 'signin', element: <SignInRoute /> },
          { path: 'signup', element: <SignUpRoute /> },
          { path: 'forgot-password', element: <ForgotPasswordRoute /> },
          { path: 'reset-password', element: <ResetPasswordRoute /> },
          { path: 'admin/login', element: <AdminLoginRoute /> },
          { path: 'admin/password-reset', element: <AdminPasswordResetRoute /> },
        ],
      },
      {
        path: 'admin',
        element: <RequireAdmin />,
        children: [
          {
            element: <AdminLayout />,
            children: [
              { index: true, element: <Navigate to={paths.admin.dashboard} replace /> },
              { path: 'dashboard', element: <AdminDashboardRoute /> },
              { path: 'home', element: <AdminHomeRoute /> },
              { path: 'home/edit', element: <AdminHomeEditRoute /> },
              { path: 'trip', element: <AdminTripsRoute /> },
              { path: 'manifest', element: <AdminManifestRoute /> },
              { path: 'planner', element: <AdminPlannerRoute /> },
              { path: 'support', element: <SupportConsole /> },
              { path: 'purchase_order', element: <AdminPurchaseOrdersRoute /> },
              { path: 'process-steps', element: <AdminProcessStepsRoute /> },
              { path: 'mailbox', element: <AdminMailboxRoute /> },
              { path: 'mailbox/:id', element: <AdminMailRoute /> },
              { path: 'reviews', element: <AdminReviewsRoute /> },
              ...adminSectionRoutes,
            ],
          },
        ],
      },
    ],
  },
];

// The app routes in React Router's declarative mode (BrowserRouter + useRoutes): it uses no loaders,
// actions or fetchers, and the data router they need is about 17 kB (gzip) of the first download.
// Tests render the same route table in a memory data router (testing/render-app.tsx).

interface BoundaryState {
  error: unknown;
  location: Location;
}

/**
 * The last net: a screen that throws while rendering (or whose code did not load past the page's own
 * boundary) shows AppFailure in place of the app, in the visitor's language, until it is tried again
 * or the visitor goes to another address. It used to be React Router's raw "Unexpected Application
 * Error!" page with the error's English text, until a reload.
 */
class RouteErrorBoundary extends Component<{ location: Location; children: ReactNode }, BoundaryState> {
  state: BoundaryState = { error: undefined, location: this.props.location };

  static getDerivedStateFromError(error: unknown): Partial<BoundaryState> {
    return { error };
  }

  static getDerivedStateFromProps(props: { location: Location }, state: BoundaryState): Partial<BoundaryState> | null {
    return props.location !== state.location ? { error: undefined, location: props.location } : null;
  }

  componentDidCatch(error: unknown): void {
    forgetFailedLoad(error);
    console.error('A screen failed to render', error);
  }

  retry = () => this.setState({ error: undefined });

  render() {
    const { error } = this.state;
    if (error === undefined) return this.props.children;
    return <AppFailure error={error} onRetry={this.retry} />;
  }
}

/** The same last net as a data router's errorElement: tried again by loading the page afresh. */
function RouteFailure() {
  return <AppFailure error={useRouteError()} onRetry={() => window.location.reload()} />;
}

function AppRoutes() {
  const location = useLocation();
  const element = useRoutes(routes);
  return <RouteErrorBoundary location={location}>{element}</RouteErrorBoundary>;
}

export function AppRouter() {
  return (
    <BrowserRouter>
      <AppRoutes />
    </BrowserRouter>
  );
}
