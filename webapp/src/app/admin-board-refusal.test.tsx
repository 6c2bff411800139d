import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { useLocaleStore } from '@/stores/locale-store';
import { renderApp } from '@/testing/render-app';
import { setTestSession } from '@/testing/session';

const admin = { id: '1', first_name: 'Amal', last_name: 'Said', email: 'admin@example.com', phone_number: null, role: 'admin' };
const day = '2026-12-01';
const noAccount = 'Link this driver to their sign-in account first.';

const waiting = {
  order_id: 'MSH-AAAAAA',
  day,
  start_at: '2026-12-01T08:00:00Z',
  customer: 'Mona Zaki',
  phone: '+201001234567',
  pickup: 'Nile Hotel',
  stops: ['Pyramids'],
  order_status: 'confirmed',
  status: 'confirmed',
  stop: 0,
  steps: [],
  version: 1,
};

/** The board's API: the driver has no account until it is linked; an assignment before that is refused. */
function serve() {
  const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
  let linked = '';
  vi.stubGlobal('fetch', (input: string, init?: RequestInit) => {
    const url = new URL(input, 'http://app.test');
    if (url.pathname === '/api/me') return Promise.resolve(json(200, { data: admin }));
    if (url.pathname === '/api/auth/getadmin') return Promise.resolve(json(200, admin));
    if (url.pathname === '/api/admin/trips') {
      const driver = { id: 'd1', name: 'Karim', phone: '+20100', vehicle: 'Sedan', plate: 'ABC 123', trips_per_day: 2, works_that_day: true, trips: 0, ...(linked ? { account_email: linked } : {}) };
      return Promise.resolve(json(200, { data: [waiting], drivers: [driver], date: day }));
    }
    if (url.pathname === '/api/admin/trips/MSH-AAAAAA/driver') return Promise.resolve(json(409, { message: noAccount }));
    if (url.pathname === '/api/admin/drivers/d1/account') {
      linked = (JSON.parse(init?.body as string) as { email: string }).email;
      return Promise.resolve(json(200, { data: { driver_id: 'd1', email: linked } }));
    }
    return Promise.resolve(json(200, { data: [] }));
  });
}

beforeEach(() => act(() => useLocaleStore.getState().setLanguage('en')));
afterEach(() => vi.unstubAllGlobals());

describe('a refused assignment on the trips board', () => {
  it('is said on the trip until the driver it was about changes, such as when their account is linked', async () => {
    serve();
    setTestSession(admin);
    renderApp(`/admin/trip?date=${day}`);
    const row = await screen.findByTestId('trip-MSH-AAAAAA');
    await userEvent.selectOptions(within(row).getByTestId('driver-select'), 'd1');
    await userEvent.click(within(row).getByRole('button', { name: 'Assign' }));
    await waitFor(() => expect(within(row).getByText(noAccount)).toBeInTheDocument());

    const driverRow = screen.getByTestId('driver-d1');
    await userEvent.type(within(driverRow).getByRole('textbox', { name: 'Sign-in account (e-mail)' }), 'karim@example.com');
    await userEvent.click(within(driverRow).getByRole('button', { name: 'Link account' }));
    await waitFor(() => expect(within(screen.getByTestId('trip-MSH-AAAAAA')).queryByText(noAccount)).toBeNull());
  });
});
