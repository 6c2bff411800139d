import { act, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { useLocaleStore } from '@/stores/locale-store';
import { renderApp } from '@/testing/render-app';
import { setTestSession } from '@/testing/session';

const admin = { id: '1', first_name: 'Amal', last_name: 'Said', email: 'admin@example.com', phone_number: null, role: 'admin' };
const day = '2026-12-01';

function serve() {
  const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
  vi.stubGlobal('fetch', (input: string) => {
    const url = new URL(input, 'http://app.test');
    if (url.pathname === '/api/me') return Promise.resolve(json(200, { data: admin }));
    if (url.pathname === '/api/auth/getadmin') return Promise.resolve(json(200, admin));
    if (url.pathname === '/api/admin/trips') {
      const driver = { id: 'd1', name: 'Karim', phone: '+201001234567', vehicle: 'Sedan', plate: 'س ع د 7310', trips_per_day: 2, works_that_day: true, trips: 0 };
      return Promise.resolve(json(200, { data: [], drivers: [driver], date: day }));
    }
    return Promise.resolve(json(200, { data: [] }));
  });
}

beforeEach(() => act(() => useLocaleStore.getState().setLanguage('en')));
afterEach(() => vi.unstubAllGlobals());

describe('a driver on the trips board', () => {
  it('shows an Arabic plate isolated in its own direction inside an English line, not forced left to right', async () => {
    serve();
    setTestSession(admin);
    renderApp(`/admin/trip?date=${day}`);
    const plate = within(await screen.findByTestId('driver-d1')).getByTestId('driver-plate');
    expect(plate.tagName).toBe('BDI');
    expect(plate).toHaveAttribute('dir', 'auto');
    expect(plate).toHaveTextContent('س ع د 7310');
  });
});
