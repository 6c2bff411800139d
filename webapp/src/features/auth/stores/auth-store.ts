// The session on this device. The token from login is kept in the `authToken`
// cookie (and sent as a Bearer token); the server may also hold the session in
// an HttpOnly cookie we cannot read, so a successful /api/me counts as signed
// in even without a token here.
import { create } from 'zustand';

import { AUTH_COOKIE, AUTH_COOKIE_MAX_AGE_SECONDS } from '@/config/constants';
import { deleteCookie, readCookie, writeCookie } from '@/lib/cookies';

import type { User } from '../types';

export type AuthStatus = 'restoring' | 'signedIn' | 'signedOut';

interface AuthState {
  status: AuthStatus;
  token: string | null;
  user: User | null;
  isAdmin: boolean;
  restoreFromCookie: () => void;
  signIn: (session: { token?: string | null; user: User; admin?: boolean }) => void;
  setUser: (user: User) => void;
  markAdmin: (admin: boolean) => void;
  /** Ends restoring without a confirmed user (the server could not be asked). */
  settle: () => void;
  signOut: () => void;
}

export const useAuthStore = create<AuthState>()((set, get) => ({
  status: 'restoring',
  token: null,
  user: null,
  isAdmin: false,
  restoreFromCookie: () => set({ token: readCookie(AUTH_COOKIE), status: 'restoring' }),
  signIn: ({ token, user, admin }) => {
    const nextToken = token ?? get().token;
    if (token) writeCookie(AUTH_COOKIE, token, { maxAgeSeconds: AUTH_COOKIE_MAX_AGE_SECONDS });
    set({ status: 'signedIn', token: nextToken, user, isAdmin: admin ?? user.role === 'admin' });
  },
  setUser: (user) => set((state) => ({ status: 'signedIn', user, isAdmin: state.isAdmin || user.role === 'admin' })),
  markAdmin: (admin) => set({ isAdmin: admin }),
  settle: () => set((state) => ({ status: state.token ? 'signedIn' : 'signedOut' })),
  signOut: () => {
    deleteCookie(AUTH_COOKIE);
    set({ status: 'signedOut', token: null, user: null, isAdmin: false });
  },
}));

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
