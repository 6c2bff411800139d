import { useEffect, type ReactNode } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router-dom';

import { PageSpinner } from '@/components/ui/spinner';
import { ErrorState } from '@/components/ui/states';
import { isStaffRole } from '@/config/roles';
import { paths, signInPath } from '@/config/paths';
import { isApiError } from '@/lib/api-client';

import { useAdmin } from '../api/get-admin';
import { sessionOf, useAuthStore } from '../stores/auth-store';


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

/**
 * Admin pages: the server confirms the account may enter the admin area (GET /api/auth/getadmin)
 * before anything renders. Anyone else goes to the admin login, which tells a signed-in traveller or
 * driver that the account has no access (and stays there: no loop).
 */
export function RequireAdmin({ children }: { children?: ReactNode }) {
  const status = useAuthStore((state) => state.status);
  const returnTo = useReturnPath();
  const admin = useAdmin(status === 'signedIn');
  const denied = admin.isError && isApiError(admin.error) && (admin.error.status === 401 || admin.error.status === 403);

  useEffect(() => {
    if (!admin.isSuccess) return;
    const { user: current, markAdmin, setUser } = useAuthStore.getState();
    markAdmin(true);
    // The role the server just confirmed decides what the admin area offers.
    if (current && current.role !== admin.data.role) setUser({ ...current, role: admin.data.role });
  }, [admin.isSuccess, admin.data]);

  useEffect(() => {
    if (!denied || !isApiError(admin.error)) return;
    // Spec: a 401 from getadmin logs the admin out (the session ended, or the role was taken away),
    // and the admin login says the session ended. The server answers 401 to a traveller's account too;
    // that session stays, only the admin flag drops.
    const state = useAuthStore.getState();
    const session = sessionOf(state);
    if (admin.error.status === 401 && session && (!state.user || isStaffRole(state.user.role))) state.endSession(session);
    else state.markAdmin(false);
  }, [denied, admin.error]);

  if (status === 'restoring') return <PageSpinner />;
  if (status !== 'signedIn' || denied) return <Navigate to={signInPath(paths.admin.login, returnTo)} replace />;
  if (admin.isPending) return <PageSpinner />;
  if (admin.isError) return <ErrorState onRetry={() => void admin.refetch()} />;
  return children ?? <Outlet />;
}
