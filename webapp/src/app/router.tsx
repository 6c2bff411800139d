import { useMemo } from 'react';
import { createBrowserRouter, Navigate, Outlet, RouterProvider, type RouteObject } from 'react-router-dom';

import { ADMIN_SECTIONS, LEGACY_REDIRECTS, paths } from '@/config/paths';
import { RequireAdmin, RequireUser } from '@/features/auth/components/guards';

import { AdminLayout } from './layouts/admin-layout';
import { HomeLayout } from './layouts/home-layout';
import { NewLayout } from './layouts/new-layout';
import { AccountRoute, OrderActionRoute, OrderRoute } from './routes/account';
import {
  AdminDashboardRoute,
  AdminHomeEditRoute,
  AdminHomeRoute,
  AdminMailboxRoute,
  AdminMailRoute,
  AdminPurchaseOrdersRoute,
  AdminRecordRoute,
  AdminSectionRoute,
} from './routes/admin';
import {
  AdminLoginRoute,
  AdminPasswordResetRoute,
  ForgotPasswordRoute,
  ResetPasswordRoute,
  SignInRoute,
  SignUpRoute,
} from './routes/auth';
import { CheckoutRoute, PaymentRoute, PaymentsRoute, RatesRoute, TripStatusRoute } from './routes/booking';
import { CategoriesRoute, DestinationRoute, DestinationsRoute, ProgramRoute, ProgramsRoute, TripRoute } from './routes/catalogue';
import { HomeRoute } from './routes/home';
import { AboutRoute, PointsRoute, PrivacyRoute, StartRoute, TermsRoute } from './routes/info';
import { NotFoundRoute } from './routes/not-found';
import { DriverDay } from '@/features/dispatch/components/driver-day';
import { TripsBoard } from '@/features/dispatch/components/trips-board';
import { SupportConsole } from '@/features/support/components/support-console';
import { SessionBootstrap } from './session';

function Root() {
  return (
    <>
      <SessionBootstrap />
      <Outlet />
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
              { path: 'driver', element: <DriverDay /> },
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
              { path: 'trip', element: <TripsBoard /> },
              { path: 'support', element: <SupportConsole /> },
              { path: 'purchase_order', element: <AdminPurchaseOrdersRoute /> },
              { path: 'mailbox', element: <AdminMailboxRoute /> },
              { path: 'mailbox/:id', element: <AdminMailRoute /> },
              ...adminSectionRoutes,
            ],
          },
        ],
      },
    ],
  },
];

export function AppRouter() {
  const router = useMemo(() => createBrowserRouter(routes), []);
  return <RouterProvider router={router} />;
}
