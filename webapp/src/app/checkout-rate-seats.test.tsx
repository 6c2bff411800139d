import { act, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { AppProvider } from '@/app/provider';
import { createQueryClient } from '@/lib/query-client';
import { useLocaleStore } from '@/stores/locale-store';
import { setTestSession } from '@/testing/session';

import { CheckoutRoute } from './routes/booking';

// A traveller choosing a car for a group reads each rate plan's seats where they choose it.
const traveller = { id: '7', first_name: 'Mona', last_name: 'Zaki', email: 'mona@example.com', phone_number: null, role: 'user' };
const stop = (id: string, name: string) => ({ id, destination_id: `d${id}`, destination: { id: `d${id}`, name, coordinates: { lat: 30, lng: 31.2 } } });
const priced = (rate_id: string, name: string) => ({ rate_id, name, price_per_km: 10, waiting_per_hour: 60, distance_cost: 100, waiting_cost: 120, total: 220, currency: 'EGP' });

function serve(lang: 'en' | 'ar') {
  const names = lang === 'ar' ? { sedan: 'سيدان اقتصادية', bus: 'ميني باص' } : { sedan: 'Economy sedan', bus: 'Minibus' };
  const json = (body: unknown) => Promise.resolve(new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } }));
  vi.stubGlobal('fetch', (input: string) => {
    const url = new URL(input, 'http://app.test');
    if (url.pathname === '/api/me') return json({ data: traveller });
    if (url.pathname === '/api/auth/cart') {
      return json({ data: [stop('1', 'Citadel'), stop('2', 'Khan el-Khalili')], trip_calculations: { rate_calculations: [priced('sedan', names.sedan), priced('bus', names.bus)] }, version: 3 });
    }
    if (url.pathname === '/api/rates') {
      return json({
        data: [
          { id: 'sedan', name: names.sedan, seats: 4, price_per_km: 10, waiting_per_hour: 60 },
          { id: 'bus', name: names.bus, seats: 14, price_per_km: 18, waiting_per_hour: 90 },
        ],
      });
    }
    return json({ data: [] });
  });
}

beforeEach(() => setTestSession(traveller));
afterEach(() => {
  setTestSession(null);
  vi.unstubAllGlobals();
});

describe('the checkout’s rate plans', () => {
  it.each([
    ['en', 'Rate plan', ['Economy sedan (4 seats)', 'Minibus (14 seats)']],
    ['ar', 'خطة الأسعار', ['سيدان اقتصادية (٤ مقاعد)', 'ميني باص (١٤ مقعدًا)']],
  ] as const)('say how many seats each car has (%s)', async (lang, label, choices) => {
    act(() => useLocaleStore.getState().setLanguage(lang));
    serve(lang);
    render(
      <AppProvider queryClient={createQueryClient()}>
        <MemoryRouter initialEntries={['/checkout']}>
          <CheckoutRoute />
        </MemoryRouter>
      </AppProvider>,
    );
    const select = await screen.findByRole('combobox', { name: label });
    await within(select).findByRole('option', { name: choices[1] });
    const named = within(select)
      .getAllByRole('option')
      .map((option) => option.textContent)
      .slice(1);
    expect(named).toEqual(choices);
  });
});
