import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { useLocaleStore } from '@/stores/locale-store';
import { renderApp } from '@/testing/render-app';
import { setTestSession } from '@/testing/session';

const traveller = { id: '7', first_name: 'Salma', last_name: 'Nabil', email: 'salma@example.com', phone_number: null, role: 'user' };
const money = (amount: number) => ({ amount, minor: amount * 100, currency: 'EGP' });
const point = { name: 'Tahrir', lat: 0, lng: 0 };
const order = (status: string) => ({
  id: 'MSH-ABC234', trip_number: 'MSH-ABC234', status, source: 'checkout', placed_at: '2026-11-28T10:00:00Z', updated_at: '2026-11-28T10:00:00Z',
  hold_until: '2026-11-28T10:15:00Z', contact: { first_name: 'Salma', last_name: 'Nabil' },
  trip: {
    start_at: '2026-12-15T09:00:00+02:00', date: '2026-12-15', time: '09:00', pickup: point, end: point, stops: [],
    rate_plan: { id: 'r1', name: 'Sedan', price_per_km: money(10), waiting_per_hour: money(50) },
    total_distance: 40, total_duration: 60, drive_minutes: 60, total_waiting_hours: 2, distance_cost: money(400), waiting_cost: money(100), total: money(500),
  },
  total: money(500), prices: [money(500)], display_currency: 'EGP', paid: money(500), refunded: money(0), owed: money(0), needs_attention: false,
  cancellation: { free_until: '2026-12-14T07:00:00Z', free_hours_before: 24, late_refund_percent: 50, free: true, refund_percent: 100, refund: money(500) },
  refunds: [], refund_requests: [], actions: { pay: false, cancel: false, refund: false, exchange: false },
});
const progress = (status: string) => ({ order_id: 'MSH-ABC234', status, stop: 0, stops: ['Pyramids'], steps: [], driver: null, class: null, version: 3 });

function serve(orderStatus: string, tripStatus: string) {
  const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
  vi.stubGlobal('fetch', (input: string) => {
    const url = new URL(input, 'http://app.test');
    if (url.pathname === '/api/me') return Promise.resolve(json(200, { data: traveller }));
    if (url.pathname === '/api/orders/MSH-ABC234') return Promise.resolve(json(200, { data: order(orderStatus) }));
    if (url.pathname === '/api/orders/MSH-ABC234/progress') return Promise.resolve(json(200, { data: progress(tripStatus) }));
    return Promise.resolve(json(404, { message: 'Not found' }));
  });
}

beforeEach(() => act(() => useLocaleStore.getState().setLanguage('en')));
afterEach(() => vi.unstubAllGlobals());

describe('a booked trip’s status on its order page', () => {
  it.each([
    ['en', 'confirmed', 'started', 'Driver on the way'],
    ['ar', 'confirmed', 'started', 'السائق في الطريق'],
    ['en', 'confirmed', 'at_stop', 'Trip in progress'],
    ['ar', 'confirmed', 'assigned', 'تم تعيين السائق'],
    ['en', 'confirmed', 'unassigned', 'Confirmed'],
    ['en', 'completed', 'completed', 'Completed'],
  ])('(%s) an order %s whose trip is %s reads “%s”, as the live strip under it', async (lang, orderStatus, tripStatus, want) => {
    serve(orderStatus, tripStatus);
    act(() => useLocaleStore.getState().setLanguage(lang as 'en' | 'ar'));
    setTestSession(traveller);
    renderApp('/account/order/MSH-ABC234');
    await screen.findByTestId('trip-progress');
    await waitFor(() => expect(screen.getByTestId('order-status')).toHaveTextContent(want));
  });
});
