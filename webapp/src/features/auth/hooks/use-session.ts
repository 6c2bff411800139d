import { useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useCallback, useEffect } from 'react';

import { isApiError } from '@/lib/api-client';

import { adminQueryKey } from '../api/get-admin';
import { meQueryKey, meQueryOptions } from '../api/get-me';
import { logout } from '../api/logout';
import { sessionOf, useAuthStore } from '../stores/auth-store';
import type { User } from '../types';

/**
 * Restores the session once at start: the cookie token first (so the first
 * request already carries it), then /api/me, which also succeeds on the
 * server's HttpOnly cookie alone. null (no session presented) or a 401 (a
 * session no longer valid) signs out; any other failure keeps a token-backed
 * session so a flaky network does not log anyone out. Asked again when the tab
 * comes back into view, a session that has ended since is said to have ended.
 */
export function useRestoreSession(): void {
  const me = useQuery(meQueryOptions());
  const { setUser, signOut, settle, endSession } = useAuthStore.getState();

  useEffect(() => {
    if (!me.isSuccess) return;
    if (me.data) {
      setUser(me.data);
      return;
    }
    // null: the server saw no session. At start, a visitor; once signed in, the session ended
    // elsewhere (signed out in another tab, expired).
    const session = sessionOf(useAuthStore.getState());
    if (session) endSession(session);
    else signOut();
  }, [me.isSuccess, me.data, setUser, signOut, endSession]);

  useEffect(() => {
    if (!me.isError) return;
    if (isApiError(me.error) && me.error.status === 401) signOut();
    else settle();
  }, [me.isError, me.error, signOut, settle]);
}

/** Records a fresh sign-in and primes the `me` query so nothing refetches it. */
export function useCompleteSignIn() {
  const queryClient = useQueryClient();
  return useCallback(
    (session: { token?: string | null; user: User }) => {
      useAuthStore.getState().signIn(session);
      queryClient.setQueryData(meQueryKey, session.user);
      // A 401 cached from before signing in must not deny the admin guard.
      queryClient.removeQueries({ queryKey: adminQueryKey });
    },
    [queryClient],
  );
}

/** Drops the answers read for the account signed in until now: the next one must not see them. */
export function forgetSignedInAnswers(queryClient: QueryClient): void {
  queryClient.removeQueries({ queryKey: ['auth'] });
  queryClient.removeQueries({ queryKey: ['cart'] });
  queryClient.removeQueries({ queryKey: ['account'] });
}

/** Logs out on the server, then clears local state whatever the server said (spec section 7). */
export function useSignOut() {
  const queryClient = useQueryClient();
  return useCallback(async () => {
    try {
      await logout();
    } catch {
      // The local session ends regardless of the outcome.
    }
    useAuthStore.getState().signOut();
    forgetSignedInAnswers(queryClient);
  }, [queryClient]);
}
