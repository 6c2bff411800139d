import { useEffect, type ReactNode } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router-dom';

import { PageSpinner } from '@/components/ui/spinner';
import { ErrorState } from '@/components/ui/states';
import { paths } from '@/config/paths';
import { isApiError } from '@/lib/api-client';

import { useAdmin } from '../api/get-admin';
import { useAuthStore } from '../stores/auth-store';
import { isAdminUser } from '../types';

export function signInPath(base: string, returnTo: string): string {
  return `${base}?redirect=${encodeURIComponent(returnTo)}`;
}

function useReturnPath(): string {
  const location = useLocation();
  return `${location.pathname}${location.search}${location.hash}`;
}

/** Account pages: a signed-out visitor goes to sign in and comes back afterwards. */
export function RequireUser({ children }: { children?: ReactNode }) {
  const status = useAuthStore((state) => state.status);
  const returnTo = useReturnPath();
  if (status === 'restoring') return <PageSpinner />;
  if (status !== 'signedIn') return <Navigate to={signInPath(paths.signIn, returnTo)} replace />;
  return children ?? <Outlet />;
}

/** Admin pages: the server confirms the admin role (GET /api/auth/getadmin) before anything renders. */
export function RequireAdmin({ children }: { children?: ReactNode }) {
  const status = useAuthStore((state) => state.status);
  const returnTo = useReturnPath();
  const admin = useAdmin(status === 'signedIn');
  const denied = admin.isError && isApiError(admin.error) && (admin.error.status === 401 || admin.error.status === 403);

  useEffect(() => {
    if (!admin.isSuccess) return;
    useAuthStore.getState().markAdmin(true);
  }, [admin.isSuccess]);

  useEffect(() => {
    if (!denied || !isApiError(admin.error)) return;
    // Spec: a 401 from getadmin logs the admin out. The server answers 401 to a traveller's
    // account too; that session stays, only the admin flag drops.
    const { user, signOut, markAdmin } = useAuthStore.getState();
    if (admin.error.status === 401 && (!user || isAdminUser(user))) signOut();
    else markAdmin(false);
  }, [denied, admin.error]);

  if (status === 'restoring') return <PageSpinner />;
  if (status !== 'signedIn' || denied) return <Navigate to={signInPath(paths.admin.login, returnTo)} replace />;
  if (admin.isPending) return <PageSpinner />;
  if (admin.isError) return <ErrorState onRetry={() => void admin.refetch()} />;
  return children ?? <Outlet />;
}
