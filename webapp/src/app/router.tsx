import { Component, lazy, Suspense, type ReactNode } from 'react';
import { BrowserRouter, Navigate, Outlet, useLocation, useRoutes, type Location, type RouteObject } from 'react-router-dom';

import { PageSpinner } from '@/components/ui/spinner';
import { ADMIN_SECTIONS, LEGACY_REDIRECTS, paths } from '@/config/paths';
import { RequireAdmin, RequireUser } from '@/features/auth/components/guards';
import { loadMessages, type MessagePart } from '@/lib/i18n';

import { HomeLayout } from './layouts/home-layout';
import { NewLayout } from './layouts/new-layout';
import { HomeRoute } from './routes/home';
import { NotFoundRoute } from './routes/not-found';
import { HeadSync } from './head-sync';
import { RouteAnnouncer } from './route-announcer';
import { SessionBootstrap } from './session';

// Every screen but the home page loads when first opened, so the home page downloads only what it
// shows. Staff screens (admin, support, the trips board), the driver's day and the map are never part
// of a visitor's first download: never import them statically from here, the layouts or the home page.
// Each loads the parts of the translations it needs with its code (the home page's are already there).
const withMessages =
  <T,>(load: () => Promise<T>, ...parts: MessagePart[]) =>
  (): Promise<T> =>
    // Should the translations fail to load, the screen still opens (as the app does at start-up).
    Promise.all([load(), loadMessages(...parts).catch(() => undefined)]).then(([module]) => module);
const account = withMessages(() => import('./routes/account'), 'site');
const AccountRoute = lazy(() => account().then((m) => ({ default: m.AccountRoute })));
const OrderRoute = lazy(() => account().then((m) => ({ default: m.OrderRoute })));
const OrderActionRoute = lazy(() => account().then((m) => ({ default: m.OrderActionRoute })));
const auth = withMessages(() => import('./routes/auth'), 'site');
const SignInRoute = lazy(() => auth().then((m) => ({ default: m.SignInRoute })));
const SignUpRoute = lazy(() => auth().then((m) => ({ default: m.SignUpRoute })));
const ForgotPasswordRoute = lazy(() => auth().then((m) => ({ default: m.ForgotPasswordRoute })));
const ResetPasswordRoute = lazy(() => auth().then((m) => ({ default: m.ResetPasswordRoute })));
const AdminPasswordResetRoute = lazy(() => auth().then((m) => ({ default: m.AdminPasswordResetRoute })));
const AdminLoginRoute = lazy(() => auth().then((m) => ({ default: m.AdminLoginRoute })));
const booking = withMessages(() => import('./routes/booking'), 'site');
const RatesRoute = lazy(() => booking().then((m) => ({ default: m.RatesRoute })));
const CheckoutRoute = lazy(() => booking().then((m) => ({ default: m.CheckoutRoute })));
const PaymentsRoute = lazy(() => booking().then((m) => ({ default: m.PaymentsRoute })));
const PaymentRoute = lazy(() => booking().then((m) => ({ default: m.PaymentRoute })));
const EnquiryLinkRoute = lazy(() => booking().then((m) => ({ default: m.EnquiryLinkRoute })));
const TripStatusRoute = lazy(() => booking().then((m) => ({ default: m.TripStatusRoute })));
const catalogue = withMessages(() => import('./routes/catalogue'), 'site');
const DestinationsRoute = lazy(() => catalogue().then((m) => ({ default: m.DestinationsRoute })));
const DestinationRoute = lazy(() => catalogue().then((m) => ({ default: m.DestinationRoute })));
const CategoriesRoute = lazy(() => catalogue().then((m) => ({ default: m.CategoriesRoute })));
const ProgramsRoute = lazy(() => catalogue().then((m) => ({ default: m.ProgramsRoute })));
const ProgramRoute = lazy(() => catalogue().then((m) => ({ default: m.ProgramRoute })));
const TripRoute = lazy(() => catalogue().then((m) => ({ default: m.TripRoute })));
const info = withMessages(() => import('./routes/info'), 'site');
const AboutRoute = lazy(() => info().then((m) => ({ default: m.AboutRoute })));
const TermsRoute = lazy(() => info().then((m) => ({ default: m.TermsRoute })));
const PrivacyRoute = lazy(() => info().then((m) => ({ default: m.PrivacyRoute })));
const PointsRoute = lazy(() => info().then((m) => ({ default: m.PointsRoute })));
const StartRoute = lazy(() => info().then((m) => ({ default: m.StartRoute })));
const admin = withMessages(() => import('./routes/admin'), 'site', 'admin');
const AdminLayout = lazy(() => withMessages(() => import('./layouts/admin-layout'), 'site', 'admin')().then((m) => ({ default: m.AdminLayout })));
const AdminDashboardRoute = lazy(() => admin().then((m) => ({ default: m.AdminDashboardRoute })));
const AdminHomeRoute = lazy(() => admin().then((m) => ({ default: m.AdminHomeRoute })));
const AdminHomeEditRoute = lazy(() => admin().then((m) => ({ default: m.AdminHomeEditRoute })));
const AdminMailboxRoute = lazy(() => admin().then((m) => ({ default: m.AdminMailboxRoute })));
const AdminMailRoute = lazy(() => admin().then((m) => ({ default: m.AdminMailRoute })));
const AdminReviewsRoute = lazy(() => admin().then((m) => ({ default: m.AdminReviewsRoute })));
const AdminPurchaseOrdersRoute = lazy(() => admin().then((m) => ({ default: m.AdminPurchaseOrdersRoute })));
const AdminProcessStepsRoute = lazy(() => admin().then((m) => ({ default: m.AdminProcessStepsRoute })));
const AdminRecordRoute = lazy(() => admin().then((m) => ({ default: m.AdminRecordRoute })));
const AdminSectionRoute = lazy(() => admin().then((m) => ({ default: m.AdminSectionRoute })));
const AdminTripsRoute = lazy(() => admin().then((m) => ({ default: m.AdminTripsRoute })));
const AdminManifestRoute = lazy(() => admin().then((m) => ({ default: m.AdminManifestRoute })));
const AdminPlannerRoute = lazy(() => admin().then((m) => ({ default: m.AdminPlannerRoute })));
const DriverRoute = lazy(() => withMessages(() => import('./routes/driver'), 'site')().then((m) => ({ default: m.DriverRoute })));
const DriverLayout = lazy(() => withMessages(() => import('./layouts/driver-layout'), 'site')().then((m) => ({ default: m.DriverLayout })));
const SupportConsole = lazy(() => withMessages(() => import('@/features/support/components/support-console'), 'site', 'admin')().then((m) => ({ default: m.SupportConsole })));

function Root() {
  return (
    <>
      <SessionBootstrap />
      <HeadSync />
      <RouteAnnouncer />
      <Suspense fallback={<PageSpinner />}>
        <Outlet />
      </Suspense>
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
 * What the data router did for a screen that throws while rendering, kept: its default error
 * screen in place of the app, until the visitor goes to another address.
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
    console.error('React Router caught the following error during render', error);
  }

  render() {
    const { error } = this.state;
    if (error === undefined) return this.props.children;
    const message = error instanceof Error ? error.message : JSON.stringify(error);
    const stack = error instanceof Error ? error.stack : null;
    return (
      <>
        <h2>Unexpected Application Error!</h2>
        <h3 style={{ fontStyle: 'italic' }}>{message}</h3>
        {stack ? <pre style={{ padding: '0.5rem', backgroundColor: 'rgba(200,200,200, 0.5)' }}>{stack}</pre> : null}
      </>
    );
  }
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
