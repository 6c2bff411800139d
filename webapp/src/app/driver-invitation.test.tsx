import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { useAuthStore } from '@/features/auth/stores/auth-store';
import { useLocaleStore } from '@/stores/locale-store';
import { renderApp } from '@/testing/render-app';

import { bootstrap } from './bootstrap';

// The office invites a driver by e-mail: the mail links to /reset-password?token=…&invite=1. The page
// reads as an invitation (a first password), not as a reset, and a used or expired invitation link
// says how to get a new link: a new invitation from the office, or "Forgot your password?".
let resetAnswer: { status: number; body: unknown };
let resets: unknown[];

function serve() {
  const json = (status: number, body: unknown) => Promise.resolve(new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } }));
  vi.stubGlobal('fetch', (input: string, init?: RequestInit) => {
    const { pathname } = new URL(input, 'http://app.test');
    if (pathname === '/api/user/login' && init?.method === 'POST') {
      return json(200, { data: { id: 'd1', first_name: 'Karim', last_name: 'Adel', email: 'karim@example.com', phone_number: null, role: 'driver', token: 'tok' } });
    }
    if (pathname === '/api/password/reset' && init?.method === 'POST') {
      resets.push(typeof init.body === 'string' ? JSON.parse(init.body) : init.body);
      return json(resetAnswer.status, resetAnswer.body);
    }
    return json(404, { message: 'Not found' });
  });
}

const INVITE = '/reset-password?token=tok-1&invite=1';
const expired = {
  status: 422,
  body: { message: 'The given data was invalid.', errors: { token: ['This reset link is invalid or has expired. Please ask for a new one.'] } },
};

const texts = {
  en: {
    title: 'Set your password',
    lead: 'Welcome to Mishwar. Choose a password to sign in and see your trips.',
    button: 'Set password',
    done: 'Your password is set. Sign in with it to see your trips.',
    firstSignIn: 'Sign in for the first time',
    expired: 'This invitation link has expired or was already used. Ask the office to invite you again, or choose “Forgot your password?” on the sign-in page.',
    password: 'New password',
    confirm: 'Confirm password',
  },
  ar: {
    title: 'اختر كلمة المرور',
    lead: 'أهلًا بك في مشوار. اختر كلمة مرور لتسجّل الدخول وترى رحلاتك.',
    button: 'احفظ كلمة المرور',
    done: 'تم حفظ كلمة المرور. سجّل الدخول بها لترى رحلاتك.',
    firstSignIn: 'سجّل الدخول لأول مرة',
    expired: 'رابط الدعوة منتهي الصلاحية أو سبق استخدامه. اطلب من المكتب دعوتك مرة أخرى، أو اختر «نسيت كلمة المرور؟» في صفحة تسجيل الدخول.',
    password: 'كلمة المرور الجديدة',
    confirm: 'تأكيد كلمة المرور',
  },
} as const;

beforeEach(() => {
  resets = [];
  resetAnswer = { status: 200, body: { message: 'Your password has been reset.', area: 'site' } };
  serve();
  bootstrap();
  act(() => useAuthStore.setState({ status: 'signedOut', token: null, user: null, isAdmin: false }));
});
afterEach(() => {
  act(() => useLocaleStore.getState().setLanguage('en'));
  vi.unstubAllGlobals();
});

describe.each(['en', 'ar'] as const)('a driver invitation link (%s)', (lang) => {
  const x = texts[lang];
  beforeEach(() => {
    act(() => useLocaleStore.getState().setLanguage(lang));
  });

  it('reads as an invitation, sets the password with the token and goes on to a first sign-in (the button promises no more)', async () => {
    const user = userEvent.setup();
    const { router } = renderApp(INVITE);
    expect(await screen.findByRole('heading', { name: x.title })).toBeInTheDocument();
    expect(screen.getByText(x.lead)).toBeInTheDocument();
    await user.type(screen.getByLabelText(x.password), 'secret123');
    await user.type(screen.getByLabelText(x.confirm), 'secret123');
    await user.click(screen.getByRole('button', { name: x.button }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/signin'));
    expect(resets).toEqual([{ token: 'tok-1', password: 'secret123', password_confirmation: 'secret123' }]);
    expect(await screen.findByText(x.done)).toBeInTheDocument();
    // Nobody is coming back yet: the sign-in reads as the first one.
    expect(await screen.findByRole('heading', { name: x.firstSignIn })).toBeInTheDocument();
    expect(screen.queryByText(/Welcome back|مرحبًا بعودتك/)).toBeNull();
  });

  it('an expired or used invitation link says how to get a new link: from the office, or the forgotten-password form', async () => {
    resetAnswer = expired;
    const user = userEvent.setup();
    const { router } = renderApp(INVITE);
    await user.type(await screen.findByLabelText(x.password), 'secret123');
    await user.type(screen.getByLabelText(x.confirm), 'secret123');
    await user.click(screen.getByRole('button', { name: x.button }));
    expect(await screen.findByText(x.expired)).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/reset-password');
  });
});

describe('a password reset link (no invite)', () => {
  it('still reads as a reset and keeps the server’s words for an expired link', async () => {
    resetAnswer = expired;
    const user = userEvent.setup();
    renderApp('/reset-password?token=tok-1');
    expect(await screen.findByRole('heading', { name: 'Choose a new password' })).toBeInTheDocument();
    await user.type(screen.getByLabelText('New password'), 'secret123');
    await user.type(screen.getByLabelText('Confirm password'), 'secret123');
    await user.click(screen.getByRole('button', { name: 'Save new password' }));
    expect(await screen.findByText('The given data was invalid.')).toBeInTheDocument();
  });
});

describe('the first sign-in after an invitation', () => {
  it('welcomes the driver to Mishwar, not back', async () => {
    const user = userEvent.setup();
    renderApp('/signin?first=1');
    expect(await screen.findByRole('heading', { name: 'Sign in for the first time' })).toBeInTheDocument();
    await user.type(screen.getByLabelText('E-mail'), 'karim@example.com');
    await user.type(screen.getByLabelText('Password'), 'secret123');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Welcome to Mishwar, Karim!')).toBeInTheDocument();
    expect(screen.queryByText('Welcome back, Karim!')).toBeNull();
  });
});
