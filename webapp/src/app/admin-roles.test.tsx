import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { useLocaleStore } from '@/stores/locale-store';
import { renderApp } from '@/testing/render-app';
import { setTestSession } from '@/testing/session';

const person = (role: string) => ({ id: '9', first_name: 'Hoda', last_name: 'Fahmy', email: `${role}@example.com`, phone_number: null, role });

/** A stand-in for the server's guards: getadmin lets staff in, the dashboard answers staff. */
const failedRefund = {
  id: '6d1b3a0e-3f0c-4c55-9d0e-6a2f4f1c9b17',
  kind: 'orders.refund',
  payload: { order_id: 'MSH-ABC234', refund_id: 'r-1' },
  status: 'failed',
  attempts: 4,
  last_error: 'the provider refused',
  created_at: '2026-11-23T08:05:00Z',
};

function serveAs(role: string, { signedIn: startSignedIn = true, stuck = [] as unknown[] } = {}) {
  const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
  const staff = role === 'admin' || role === 'support';
  const requests: string[] = [];
  const retries: Array<{ path: string; key: string | null }> = [];
  let signedIn = startSignedIn;
  vi.stubGlobal('fetch', (input: string, init?: RequestInit) => {
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
    if (path === '/api/admin/jobs') return Promise.resolve(json(200, { data: { counts: { pending: 0, stuck: 0, failed: stuck.length }, stuck } }));
    if (path.startsWith('/api/admin/jobs/') && role === 'admin') {
      retries.push({ path, key: new Headers(init?.headers).get('Idempotency-Key') });
      return Promise.resolve(json(200, { data: { id: failedRefund.id, status: 'pending' } }));
    }
    if (path === '/api/admin/dashboard') return Promise.resolve(json(200, { trips_today: 2, open_orders: 3, pending_enquiries: 1, revenue_month: 0 }));
    return Promise.resolve(json(403, { message: 'Forbidden' }));
  });
  return Object.assign(requests, { retries });
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
    expect(within(menu).getAllByRole('link').map((link) => link.textContent)).toEqual(['Dashboard', 'Trips', 'Week planner', 'Purchase orders', 'Process steps', 'Support', 'Reviews']);
    const quickLinks = screen.getByRole('heading', { name: 'Manage' }).nextElementSibling as HTMLElement;
    expect(within(quickLinks).getAllByRole('link').map((link) => link.getAttribute('href'))).toEqual(['/admin/trip', '/admin/planner', '/admin/purchase_order', '/admin/process-steps', '/admin/support', '/admin/reviews']);
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

  it('sends an edit page opened without a record to the list, not to a blank "New …" form', async () => {
    const requests = serveAs('admin');
    setTestSession(person('admin'));
    renderApp('/admin/rate/edit');
    await waitFor(() => expect(requests).toContain('/api/admin/rate-plans'));
    expect(screen.queryByRole('heading', { level: 1, name: /^New/ })).not.toBeInTheDocument();
  });

  it('offers admins every screen', async () => {
    serveAs('admin');
    setTestSession(person('admin'));
    renderApp('/admin/dashboard');
    const menu = await screen.findByRole('navigation', { name: 'Admin sections' });
    expect(within(menu).getAllByRole('link')).toHaveLength(17);
  });

  it('shows the stuck process steps on the dashboard as a count that links to them', async () => {
    serveAs('admin', { stuck: [failedRefund] });
    setTestSession(person('admin'));
    renderApp('/admin/dashboard');
    const stat = await screen.findByTestId('stuck-jobs-stat');
    expect(stat).toHaveAttribute('href', '/admin/process-steps');
    expect(stat).toHaveTextContent('Stuck process steps1');
  });

  it('shows no link on the dashboard when nothing is stuck', async () => {
    serveAs('support');
    setTestSession(person('support'));
    renderApp('/admin/dashboard');
    const stat = await screen.findByTestId('stuck-jobs-stat');
    expect(stat).not.toHaveAttribute('href');
    expect(stat).toHaveTextContent('0');
  });

  it('shows support staff a stuck step in words, on Cairo time, with no retry', async () => {
    serveAs('support', { stuck: [failedRefund] });
    setTestSession(person('support'));
    renderApp('/admin/process-steps');
    const job = await screen.findByTestId(`job-${failedRefund.id}`);
    expect(job).toHaveTextContent('Send a refund to the payment provider');
    expect(within(job).getByRole('link', { name: 'MSH-ABC234' })).toHaveAttribute('href', '/admin/purchase_order?q=MSH-ABC234');
    expect(job).toHaveTextContent('the provider refused');
    // 08:05 UTC is 10:05 in Cairo in November.
    expect(job).toHaveTextContent('10:05 (Cairo time)');
    expect(within(job).queryByRole('button')).not.toBeInTheDocument();
    expect(screen.getByText('Only admins can retry a step.')).toBeInTheDocument();
  });

  it('lets an admin retry a stuck step, sent with an Idempotency-Key', async () => {
    const requests = serveAs('admin', { stuck: [failedRefund] });
    setTestSession(person('admin'));
    renderApp('/admin/process-steps');
    const job = await screen.findByTestId(`job-${failedRefund.id}`);
    await userEvent.setup().click(within(job).getByRole('button', { name: 'Retry now' }));
    await waitFor(() => expect(requests.retries).toHaveLength(1));
    expect(requests.retries[0]?.path).toBe(`/api/admin/jobs/${failedRefund.id}/retry`);
    expect(requests.retries[0]?.key).toBeTruthy();
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
