import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { sampleCart } from '@/features/cart/utils/sample-cart';
import { useAuthStore } from '@/features/auth/stores/auth-store';
import { clearCheckoutDraft, readCheckoutDraft, saveCheckoutDraft } from '@/lib/checkout-draft';
import { useLocaleStore } from '@/stores/locale-store';
import { usePanelsStore } from '@/stores/panels-store';
import { renderApp } from '@/testing/render-app';

import { bootstrap } from './bootstrap';

// Signed out in another tab (or the session expired) while this one shows a signed-in page: the next
// request it sends is refused with 401. Whichever page and request, the app signs out here too, says
// so, and offers to sign in again and come back to the same page; checkout keeps what was typed.
const salma = { id: 'u1', first_name: 'Salma', last_name: 'Hassan', email: 'salma@example.com', phone_number: null, role: 'user' };
const DAY = '2099-03-02';

let signedOutElsewhere: boolean;
/** Tab A signs out once tab B has its checkout on screen (its cart read). */
let signOutOnceCartIsRead: boolean;
let refused: string[];

function serve() {
  const json = (status: number, body: unknown) => Promise.resolve(new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } }));
  vi.stubGlobal('fetch', (input: string, init?: RequestInit) => {
    const { pathname } = new URL(input, 'http://app.test');
    const method = init?.method ?? 'GET';
    if (pathname === '/api/user/login' && method === 'POST') {
      signedOutElsewhere = false;
      return json(200, { data: { ...salma, token: 'fresh' } });
    }
    const signedInOnly = pathname.startsWith('/api/auth/') || pathname.startsWith('/api/me') || pathname.startsWith('/api/orders');
    // Tab A signed out: the server knows this tab's session no more.
    if (signedInOnly && signedOutElsewhere) {
      refused.push(pathname);
      return json(401, { message: 'Please sign in first.' });
    }
    if (pathname === '/api/me') return json(200, { data: salma });
    if (pathname === '/api/auth/cart') {
      if (signOutOnceCartIsRead) {
        signOutOnceCartIsRead = false;
        signedOutElsewhere = true;
      }
      return json(200, sampleCart());
    }
    if (pathname === '/api/orders/pickup-times') return json(200, { data: { date: DAY, status: 'available', times: [{ time: '10:00', finish: '16:00' }] } });
    if (pathname === '/api/orders/settings') {
      return json(200, { data: { lead_hours: 12, window_days: 180, hold_minutes: 30, free_cancellation_hours: 24, late_refund_percent: 50, provider: 'sandbox', time_step_minutes: 15 } });
    }
    return json(404, { message: 'Not found' });
  });
}

beforeEach(() => {
  signedOutElsewhere = false;
  signOutOnceCartIsRead = false;
  refused = [];
  clearCheckoutDraft();
  serve();
  bootstrap();
  act(() => {
    useLocaleStore.getState().setLanguage('en');
    usePanelsStore.getState().resetAll();
    useAuthStore.setState({ status: 'signedIn', token: 'tab-b', user: salma, isAdmin: false, sessionEnded: false });
  });
});
afterEach(() => {
  clearCheckoutDraft();
  vi.unstubAllGlobals();
});

describe('a session ended in another tab', () => {
  it('at checkout: says so, shows the page signed out, and signing in again comes back to it with the draft kept', async () => {
    // Tab B's checkout, a day chosen: the pickup times of that day are asked for, and refused.
    saveCheckoutDraft({ rate_id: 'r1', date: DAY, time: '', first_name: 'Salma', last_name: 'Hassan', comments: 'A wheelchair, please', terms: false });
    signOutOnceCartIsRead = true;
    const user = userEvent.setup();
    const { router } = renderApp('/checkout');
    const notice = await screen.findByTestId('session-ended');
    expect(refused).toContain('/api/orders/pickup-times');
    expect(notice).toHaveAttribute('role', 'alert');
    expect(notice).toHaveTextContent('Your session has ended. Sign in again to carry on where you were.');
    // No avatar: the header offers to sign in; the checkout asks to sign in instead of a form whose
    // times stay empty.
    expect(screen.queryByRole('button', { name: /your account/ })).not.toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: 'Sign in' }).length).toBeGreaterThan(0);
    expect(screen.queryByTestId('checkout-form')).not.toBeInTheDocument();
    expect(readCheckoutDraft()).toMatchObject({ date: DAY, comments: 'A wheelchair, please' });

    await user.click(within(notice).getByRole('link', { name: 'Sign in again' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/signin'));
    expect(router.state.location.search).toBe(`?redirect=${encodeURIComponent('/checkout')}`);
    // On the sign-in page the notice still says why, without a second way to the same form.
    expect(within(screen.getByTestId('session-ended')).queryByRole('link')).not.toBeInTheDocument();
    const form = (await screen.findAllByLabelText('E-mail')).at(-1)!.closest('form')!;
    await user.type(within(form).getByLabelText('E-mail'), 'salma@example.com');
    await user.type(within(form).getByLabelText('Password'), 'a-good-password');
    await user.click(within(form).getByRole('button', { name: 'Sign in' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/checkout'));
    expect(await screen.findByDisplayValue('A wheelchair, please')).toBeInTheDocument();
    expect(screen.queryByTestId('session-ended')).not.toBeInTheDocument();
  });

  it('on an account page: says so and sends the traveller to sign in, to come back there', async () => {
    signedOutElsewhere = true;
    const { router } = renderApp('/account?tab=orders');
    await waitFor(() => expect(router.state.location.pathname).toBe('/signin'));
    expect(router.state.location.search).toBe(`?redirect=${encodeURIComponent('/account?tab=orders')}`);
    expect(await screen.findByTestId('session-ended')).toHaveTextContent('Your session has ended.');
  });

  it('in Arabic', async () => {
    act(() => useLocaleStore.getState().setLanguage('ar'));
    signedOutElsewhere = true;
    renderApp('/destinations/trip');
    const notice = await screen.findByTestId('session-ended');
    expect(notice).toHaveTextContent('انتهت جلستك. سجّل الدخول مرة أخرى لتكمل من حيث توقفت.');
    expect(within(notice).getByRole('link', { name: 'سجّل الدخول مرة أخرى' })).toHaveAttribute('href', `/signin?redirect=${encodeURIComponent('/destinations/trip')}`);
  });

  it('is not said to a visitor, whose requests were never signed in', async () => {
    act(() => useAuthStore.setState({ status: 'signedOut', token: null, user: null }));
    signedOutElsewhere = true;
    renderApp('/checkout');
    await screen.findByRole('heading', { level: 1 });
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(screen.queryByTestId('session-ended')).not.toBeInTheDocument();
  });
});
