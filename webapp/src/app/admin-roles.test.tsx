import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { useLocaleStore } from '@/stores/locale-store';
import { renderApp } from '@/testing/render-app';
import { setTestSession } from '@/testing/session';

const person = (role: string) => ({ id: '9', first_name: 'Hoda', last_name: 'Fahmy', email: `${role}@example.com`, phone_number: null, role });

/** A stand-in for the server's guards: getadmin lets staff in, the dashboard answers staff. */
function serveAs(role: string, { signedIn: startSignedIn = true } = {}) {
  const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
  const staff = role === 'admin' || role === 'support';
  const requests: string[] = [];
  let signedIn = startSignedIn;
  vi.stubGlobal('fetch', (input: string) => {
    const path = new URL(input, 'http://app.test').pathname;
    requests.push(path);
    if (path === '/api/logout') signedIn = false;
    if (path === '/api/user/login') {
      signedIn = true;
      return Promise.resolve(json(200, { data: { ...person(role), token: 'fresh' } }));
    }
    if (!signedIn) return Promise.resolve(json(401, { message: 'Please sign in.' }));
    if (path === '/api/me') return Promise.resolve(json(200, { data: person(role) }));
    if (path === '/api/auth/getadmin') {
      return Promise.resolve(staff ? json(200, person(role)) : json(401, { message: 'This account has no access to the admin area.' }));
    }
    if (path === '/api/admin/dashboard') return Promise.resolve(json(200, { trips_today: 2, open_orders: 3, pending_enquiries: 1, revenue_month: 0 }));
    return Promise.resolve(json(403, { message: 'Forbidden' }));
  });
  return requests;
}

beforeEach(() => act(() => useLocaleStore.getState().setLanguage('en')));
afterEach(() => vi.unstubAllGlobals());

describe('the admin area by role', () => {
  it('offers support staff only the screens their role may use, in the menu and on the dashboard', async () => {
    serveAs('support');
    setTestSession(person('support'));
    renderApp('/admin/dashboard');
    expect(await screen.findByRole('heading', { level: 1, name: 'Dashboard' })).toBeInTheDocument();
    const menu = screen.getByRole('navigation', { name: 'Admin sections' });
    expect(within(menu).getAllByRole('link').map((link) => link.textContent)).toEqual(['Dashboard', 'Trips', 'Purchase orders', 'Support']);
    const quickLinks = screen.getByRole('heading', { name: 'Manage' }).nextElementSibling as HTMLElement;
    expect(within(quickLinks).getAllByRole('link').map((link) => link.getAttribute('href'))).toEqual(['/admin/trip', '/admin/purchase_order', '/admin/support']);
  });

  it.each(['/admin/mailbox', '/admin/rate/create', '/admin/home/edit'])('tells support staff %s is not for their role, without asking the server for it', async (path) => {
    const requests = serveAs('support');
    setTestSession(person('support'));
    renderApp(path);
    expect(await screen.findByRole('heading', { level: 1, name: 'This page is not for your role' })).toBeInTheDocument();
    expect(screen.getByText('Your account (Support) cannot use this page. Ask an administrator if you need it.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to the dashboard' })).toHaveAttribute('href', '/admin/dashboard');
    expect(screen.queryByText("We couldn't load this page")).not.toBeInTheDocument();
    expect(requests.filter((request) => /^\/api\/(admin|support)\//.test(request))).toEqual([]);
  });

  it('says it in Arabic too', async () => {
    act(() => useLocaleStore.getState().setLanguage('ar'));
    serveAs('support');
    setTestSession(person('support'));
    renderApp('/admin/mailbox');
    expect(await screen.findByRole('heading', { level: 1, name: 'هذه الصفحة ليست ضمن صلاحيات دورك' })).toBeInTheDocument();
  });

  it('offers admins every screen', async () => {
    serveAs('admin');
    setTestSession(person('admin'));
    renderApp('/admin/dashboard');
    const menu = await screen.findByRole('navigation', { name: 'Admin sections' });
    expect(within(menu).getAllByRole('link')).toHaveLength(14);
  });

  it.each([
    ['user', 'Back to the site', '/'],
    ['driver', 'Open my trips', '/driver'],
  ])('sends a signed-in %s from the admin area to the admin login, which says once that the account has no access', async (role, way, href) => {
    serveAs(role);
    setTestSession(person(role));
    const { router } = renderApp('/admin/dashboard');
    expect(await screen.findByRole('heading', { level: 1, name: 'This account has no access to the admin area.' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/admin/login');
    expect(screen.getByRole('link', { name: way })).toHaveAttribute('href', href);
    // It stays there: no loop back through the admin area.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(router.state.location.pathname).toBe('/admin/login');
  });

  it.each(['en', 'ar'] as const)('answers a traveller signing in at the admin login with one message (%s), and keeps the session', async (language) => {
    act(() => useLocaleStore.getState().setLanguage(language));
    serveAs('user', { signedIn: false });
    setTestSession(null);
    const user = userEvent.setup();
    const { router } = renderApp('/admin/login');
    const ar = language === 'ar';
    await user.type(await screen.findByLabelText(ar ? 'البريد الإلكتروني' : 'E-mail'), 'user@example.com');
    await user.type(screen.getByLabelText(ar ? 'كلمة المرور' : 'Password'), 'traveller-1');
    await user.click(screen.getByRole('button', { name: ar ? 'تسجيل الدخول' : 'Sign in' }));
    const message = ar ? 'هذا الحساب لا يملك صلاحية الدخول إلى لوحة الإدارة.' : 'This account has no access to the admin area.';
    expect(await screen.findByRole('heading', { level: 1, name: message })).toBeInTheDocument();
    expect(screen.getAllByText(message)).toHaveLength(1);
    expect(router.state.location.pathname).toBe('/admin/login');
  });

  it('lets the traveller sign in with another account from there', async () => {
    serveAs('user');
    setTestSession(person('user'));
    renderApp('/admin/login');
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Sign in with another account' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Admin sign in' })).toBeInTheDocument();
  });

  it('takes signed-in staff from the admin login straight in', async () => {
    serveAs('support');
    setTestSession(person('support'));
    const { router } = renderApp('/admin/login');
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/dashboard'));
  });
});
