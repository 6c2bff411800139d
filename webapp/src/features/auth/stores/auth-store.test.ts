import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import { readCookie } from '@/lib/cookies';
import { recordCookieWrites } from '@/testing/cookie-writes';

import { displayName, initials, selectIsAuthenticated, sessionOf, useAuthStore } from './auth-store';

const user = { id: '7', first_name: 'Nour', last_name: 'El-Sherif', email: 'nour@example.com', phone_number: null, role: 'user' };
const state = () => useAuthStore.getState();

beforeEach(() => {
  document.cookie = 'authToken=; path=/; max-age=0';
  useAuthStore.setState({ status: 'restoring', token: null, user: null, isAdmin: false, sessionEnded: false });
});

describe('initials', () => {
  it.each([
    [{ first_name: 'nour', last_name: 'el-sherif', email: 'n@x.eg' }, 'NE'],
    [{ first_name: 'Omar', last_name: '', email: 'o@x.eg' }, 'O'],
    [{ first_name: '', last_name: '', email: 'zeina@x.eg' }, 'Z'],
    [{ first_name: 'منى', last_name: 'زكي', email: 'm@x.eg' }, 'مز'],
  ])('derives initials of %o as %s', (person, expected) => {
    expect(initials(person)).toBe(expected);
  });

  it('is empty for nobody', () => {
    expect(initials(null)).toBe('');
    expect(displayName(null)).toBe('');
  });
});

describe('auth store', () => {
  let recorder: ReturnType<typeof recordCookieWrites>;
  beforeEach(() => (recorder = recordCookieWrites()));
  afterEach(() => recorder.restore());

  it('keeps the login token in memory only: the session cookie is the server one, HttpOnly', () => {
    state().signIn({ token: 'abc', user });
    expect(selectIsAuthenticated(state())).toBe(true);
    expect(state().token).toBe('abc');
    expect(readCookie('authToken')).toBeNull();
    expect(recorder.writes.filter((w) => w.startsWith('authToken='))).toEqual([]);
  });

  it('restores the token from the cookie', () => {
    document.cookie = 'authToken=from-cookie; path=/';
    state().restoreFromCookie();
    expect(state()).toMatchObject({ token: 'from-cookie', status: 'restoring' });
  });

  it('counts a confirmed user as signed in without a token (HttpOnly session cookie)', () => {
    state().setUser(user);
    expect(state()).toMatchObject({ status: 'signedIn', token: null, user });
  });

  it.each([
    ['admin', true],
    ['support', true],
    ['driver', false],
    ['user', false],
  ])('sets the admin flag from the %s role: %s', (role, admin) => {
    state().signIn({ token: 't', user: { ...user, role } });
    expect(state().isAdmin).toBe(admin);
  });

  it('signs out: clears a script-written cookie, the token, the user and the admin flag', () => {
    document.cookie = 'authToken=legacy; path=/';
    state().signIn({ token: 'abc', user: { ...user, role: 'admin' } });
    state().signOut();
    expect(state()).toMatchObject({ status: 'signedOut', token: null, user: null, isAdmin: false });
    expect(readCookie('authToken')).toBeNull();
  });

  it('settles a restore that could not reach the server by the presence of a token', () => {
    state().settle();
    expect(state().status).toBe('signedOut');
    useAuthStore.setState({ status: 'restoring', token: 'kept' });
    state().settle();
    expect(state().status).toBe('signedIn');
  });
});

describe('a session the server says has ended', () => {
  it('signs out and is remembered until the traveller signs in again', () => {
    state().signIn({ token: 'abc', user });
    state().endSession(sessionOf(state())!);
    expect(selectIsAuthenticated(state())).toBe(false);
    expect(state()).toMatchObject({ token: null, user: null, sessionEnded: true });
    state().signIn({ token: 'def', user });
    expect(state().sessionEnded).toBe(false);
  });

  it('leaves a newer session alone (an answer about the one signed out before)', () => {
    state().signIn({ token: 'abc', user });
    state().endSession('someone-else');
    expect(selectIsAuthenticated(state())).toBe(true);
    expect(state().sessionEnded).toBe(false);
  });

  it('stays said through the sign-out that follows, until dismissed', () => {
    state().signIn({ token: 'abc', user });
    state().endSession(sessionOf(state())!);
    // The app's start-up check of the session (a 401 from /api/me) signs out again.
    state().signOut();
    expect(state().sessionEnded).toBe(true);
    state().dismissSessionEnded();
    expect(state().sessionEnded).toBe(false);
  });
});
