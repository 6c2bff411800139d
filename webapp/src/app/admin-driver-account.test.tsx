import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { useLocaleStore } from '@/stores/locale-store';
import { renderApp } from '@/testing/render-app';
import { setTestSession } from '@/testing/session';

const admin = { id: '1', first_name: 'Hoda', last_name: 'Fahmy', email: 'admin@example.com', phone_number: null, role: 'admin' };

const record = {
  id: 'd1',
  archived: false,
  version: 1,
  updated_at: '2026-11-23T08:00:00Z',
  name: { en: 'Karim Adel', ar: 'كريم عادل' },
  phone: '+201112223334',
  licence: 'L-1',
  vehicle: { en: 'Sedan', ar: 'سيدان' },
  plate: 'س ع د 7310',
  seats: 4,
  working_days: [0, 1, 2, 3, 4],
  trips_per_day: 1,
  active: true,
};

/** The drivers' admin API and the board that lists them with their sign-in account; invitations are recorded. */
function serve() {
  const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
  const invitations: Array<{ path: string; body: unknown; ifMatch: string | null }> = [];
  vi.stubGlobal('fetch', (input: string, init?: RequestInit) => {
    const path = new URL(input, 'http://app.test').pathname;
    const method = init?.method ?? 'GET';
    if (path === '/api/me') return Promise.resolve(json(200, { data: admin }));
    if (path === '/api/auth/getadmin') return Promise.resolve(json(200, admin));
    if (path === '/api/admin/drivers' && method === 'POST') return Promise.resolve(json(201, { data: record }));
    if (path === '/api/admin/drivers/d1' && method === 'GET') return Promise.resolve(json(200, { data: record }));
    if (path === '/api/admin/drivers/d1/invitation' && method === 'POST') {
      invitations.push({ path, body: JSON.parse(init?.body as string), ifMatch: new Headers(init?.headers).get('If-Match') });
      return Promise.resolve(json(200, { data: { driver_id: 'd1', email: 'karim@example.com', invited: true, invitation_valid_until: '2026-12-09T10:00:00Z' } }));
    }
    if (path === '/api/admin/trips') {
      const driver = { id: 'd1', name: 'Karim Adel', phone: '+201112223334', vehicle: 'Sedan', plate: 'س ع د 7310', trips_per_day: 1, works_that_day: true, trips: 0, account_version: -1 };
      return Promise.resolve(json(200, { data: [], drivers: [driver], date: '2026-12-02' }));
    }
    if (path.endsWith('/history')) return Promise.resolve(json(200, { data: [] }));
    return Promise.resolve(json(200, { data: [] }));
  });
  return invitations;
}

beforeEach(() => act(() => useLocaleStore.getState().setLanguage('en')));
afterEach(() => vi.unstubAllGlobals());

describe("a driver's record in the admin area", () => {
  it('offers to invite the driver by e-mail on their edit page, sent with their account version', async () => {
    const invitations = serve();
    setTestSession(admin);
    renderApp('/admin/driver/edit?id=d1');
    const account = await screen.findByTestId('driver-account');
    await userEvent.type(await within(account).findByRole('textbox', { name: 'New driver’s e-mail' }), 'karim@example.com');
    await userEvent.click(within(account).getByRole('button', { name: 'Invite by e-mail' }));
    expect(await within(account).findByTestId('invitation-state')).toBeInTheDocument();
    expect(invitations).toEqual([{ path: '/api/admin/drivers/d1/invitation', body: { email: 'karim@example.com' }, ifMatch: '"-1"' }]);
    expect(within(account).getByRole('textbox', { name: 'Sign-in account (e-mail)' })).toBeInTheDocument();
  });

  it('says on a driver just added that inviting them comes next', async () => {
    serve();
    setTestSession(admin);
    const { router } = renderApp('/admin/driver/edit?id=d1');
    await screen.findByTestId('driver-account');
    act(() => void router.navigate('/admin/driver/edit?id=d1', { state: { saved: { name: 'Karim Adel', created: true, id: 'd1' } } }));
    await waitFor(() => expect(screen.getByTestId('driver-account')).toHaveTextContent('Karim Adel\u2069 was added. Invite them by e-mail'));
  });
});
