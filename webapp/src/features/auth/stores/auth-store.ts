// The session on this device. The server keeps it in the `authToken` cookie,
// HttpOnly (script cannot read or steal it) and SameSite=Lax; the browser sends
// it with every request. The token from login or sign-up is also kept here, in
// memory only, and sent as a Bearer token. After a reload there is no token here
// and the cookie alone carries the session: a successful /api/me counts as
// signed in.
import { create } from 'zustand';

import { isStaffRole } from '@/config/roles';
import { AUTH_COOKIE } from '@/config/constants';
import { deleteCookie, readCookie } from '@/lib/cookies';

import type { User } from '../types';

export type AuthStatus = 'restoring' | 'signedIn' | 'signedOut';

interface AuthState {
  status: AuthStatus;
  token: string | null;
  user: User | null;
  isAdmin: boolean;
  /**
   * The server refused a signed-in request with 401 (signed out in another tab, expired): the app
   * says so and offers to sign in again, until the traveller does or dismisses it.
   */
  sessionEnded: boolean;
  restoreFromCookie: () => void;
  signIn: (session: { token?: string | null; user: User }) => void;
  setUser: (user: User) => void;
  markAdmin: (admin: boolean) => void;
  /** Ends restoring without a confirmed user (the server could not be asked). */
  settle: () => void;
  signOut: () => void;
  /** Signs out because the server says the session of `session` (sessionOf) has ended, if it is still the one here. */
  endSession: (session: string) => void;
  dismissSessionEnded: () => void;
}

export const useAuthStore = create<AuthState>()((set, get) => ({
  status: 'restoring',
  token: null,
  user: null,
  isAdmin: false,
  sessionEnded: false,
  // A readable authToken cookie only exists when another client wrote one; ours is HttpOnly.
  restoreFromCookie: () => set({ token: readCookie(AUTH_COOKIE), status: 'restoring' }),
  signIn: ({ token, user }) => {
    set({ status: 'signedIn', token: token ?? get().token, user, isAdmin: isStaffRole(user.role), sessionEnded: false });
  },
  setUser: (user) => set((state) => ({ status: 'signedIn', user, isAdmin: state.isAdmin || isStaffRole(user.role) })),
  markAdmin: (admin) => set({ isAdmin: admin }),
  settle: () => set((state) => ({ status: state.token ? 'signedIn' : 'signedOut' })),
  signOut: () => {
    // The HttpOnly cookie is cleared by POST /api/logout; this removes a script-written one.
    deleteCookie(AUTH_COOKIE);
    set({ status: 'signedOut', token: null, user: null, isAdmin: false });
  },
  endSession: (session) => {
    // An answer about an older session (signed out and in again since) says nothing of this one.
    if (sessionOf(get()) !== session) return;
    get().signOut();
    set({ sessionEnded: true });
  },
  dismissSessionEnded: () => set({ sessionEnded: false }),
}));

/** Who is signed in, as the API client tells sessions apart (lib/api-client getSession), or null. */
export function sessionOf(state: Pick<AuthState, 'status' | 'user'>): string | null {
  if (state.status !== 'signedIn') return null;
  // Signed in by a token alone (the server could not be asked who): a session all the same.
  return state.user?.id ?? 'signed-in';
}


export const selectIsAuthenticated = (state: { status: AuthStatus }) => state.status === 'signedIn';

export function initials(user: Pick<User, 'first_name' | 'last_name' | 'email'> | null | undefined): string {
  if (!user) return '';
  const first = user.first_name.trim().charAt(0);
  const last = user.last_name.trim().charAt(0);
  const letters = `${first}${last}`;
  if (letters) return letters.toLocaleUpperCase();
  return user.email.trim().charAt(0).toLocaleUpperCase();
}

export function displayName(user: Pick<User, 'first_name' | 'last_name' | 'email'> | null | undefined): string {
  if (!user) return '';
  return `${user.first_name} ${user.last_name}`.trim() || user.email;
}
