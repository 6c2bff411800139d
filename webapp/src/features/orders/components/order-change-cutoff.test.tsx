import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { createQueryClient } from '@/lib/query-client';
import { useLocaleStore } from '@/stores/locale-store';

import { OrderChangeForm, type ExchangePickers } from './order-change-form';

const money = (amount: number) => ({ amount, minor: amount * 100, currency: 'EGP' });
const point = { name: 'Tahrir', lat: 30.04, lng: 31.23 };
const trip = (date: string, time: string, rate: { id: string; name: string }) => ({
  start_at: `${date}T${time}:00+02:00`, date, time, pickup: point, end: point, stops: [],
  rate_plan: { ...rate, price_per_km: money(10), waiting_per_hour: money(50) },
  total_distance: 40, total_duration: 60, drive_minutes: 60, total_waiting_hours: 2, distance_cost: money(400), waiting_cost: money(100), total: money(500),
});
const SEDAN = { id: 'r1', name: 'Sedan' };
const VAN = { id: 'r2', name: 'Van' };
const base = {
  id: 'MSH-ABC234', trip_number: 'MSH-ABC234', status: 'confirmed', source: 'checkout', placed_at: '2026-11-28T10:00:00Z', updated_at: '2026-11-28T10:00:00Z',
  hold_until: '2026-11-28T10:15:00Z', contact: { first_name: 'Salma', last_name: 'Nabil' }, trip: trip('2099-12-15', '09:00', SEDAN),
  total: money(500), prices: [money(500)], display_currency: 'EGP', paid: money(500), refunded: money(0), owed: money(0), needs_attention: false,
  cancellation: { free_until: '2099-12-14T07:00:00Z', free_hours_before: 24, late_refund_percent: 50, free: true, refund_percent: 100, refund: money(500) },
  refunds: [], refund_requests: [], actions: { pay: false, cancel: true, refund: false, exchange: true },
};
const pickers: ExchangePickers = { datePicker: () => null, timePicker: () => null, rates: [{ value: SEDAN.id, label: SEDAN.name }, { value: VAN.id, label: VAN.name }] };
const json = (status: number, body: unknown) => Promise.resolve(new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } }));

let quotesAsked: string[];
let current: Record<string, unknown>;
beforeEach(() => {
  quotesAsked = [];
  current = base;
  vi.stubGlobal('fetch', (input: string, init?: RequestInit) => {
    const url = new URL(input, 'http://app.test');
    if (url.pathname === `/api/orders/${base.id}`) return json(200, { data: current });
    if (url.pathname.endsWith('/exchange/pickup-times')) return json(200, { data: { date: url.searchParams.get('date'), times: [] } });
    if (url.pathname.endsWith('/exchange/quote')) {
      quotesAsked.push(url.search);
      // Once changed, the trip as it now is cannot be priced again.
      if (current.trip !== base.trip) return json(422, { message: 'Nothing would change: choose another date, time or rate plan.' });
      return json(200, { data: { trip: trip('2099-12-15', '09:00', VAN), total: money(450), difference: money(-50), prices: [money(450)] } });
    }
    if (url.pathname.endsWith('/exchange') && init?.method === 'POST') {
      // The answer is the order as the read model had it: not yet changed (it catches up a moment later).
      current = { ...base, trip: trip('2099-12-15', '09:00', VAN) };
      return json(200, { data: base });
    }
    return json(404, { message: 'Not found' });
  });
  act(() => useLocaleStore.getState().setLanguage('en'));
});
afterEach(() => vi.unstubAllGlobals());

function show(client: QueryClient = createQueryClient()) {
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <OrderChangeForm id={base.id} action="exchange" onDone={() => undefined} pickers={pickers} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return client;
}

describe('a trip past the change cut-off', () => {
  const past = { ...base, trip: trip('2020-12-15', '09:00', SEDAN), cancellation: { ...base.cancellation, free_until: '2020-12-14T07:00:00Z' }, actions: { ...base.actions, exchange: false } };
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2020-12-14T20:00:00Z') });
    current = past;
  });
  afterEach(() => vi.useRealTimers());

  it('says the cut-off and when it passed, in Cairo time, and that it can still be cancelled', async () => {
    show();
    const said = await screen.findByTestId('exchange-cutoff-passed');
    expect(said).toHaveTextContent('changes are possible until 24 hours before the start, and that time passed on');
    expect(said).toHaveTextContent('9:00');
    expect(said).toHaveTextContent('(Cairo time)');
    expect(said).toHaveTextContent('You can still cancel it.');
  });

  it('says it in Arabic', async () => {
    act(() => useLocaleStore.getState().setLanguage('ar'));
    show();
    expect(await screen.findByTestId('exchange-cutoff-passed')).toHaveTextContent('انقضى هذا الموعد');
  });
});

describe('after a change is made', () => {
  it('does not ask for the price of the trip as it now is', async () => {
    const user = userEvent.setup();
    const client = show();
    await user.selectOptions(await screen.findByTestId('exchange-rate'), VAN.id);
    await screen.findByTestId('exchange-difference');
    const asked = quotesAsked.length;
    await user.click(screen.getByTestId('confirm-exchange'));
    // The order changed is pushed live: the order's queries are refreshed.
    await act(() => client.invalidateQueries({ queryKey: ['account', 'orders', base.id] }));
    expect(quotesAsked.length).toBe(asked);
    expect(screen.queryByTestId('exchange-refused')).toBeNull();
  });
});

describe('cancelling an order whose payment failed', () => {
  it('says nothing was paid, not the late rule of a paid trip', async () => {
    current = { ...base, status: 'payment_failed', paid: money(0), cancellation: { ...base.cancellation, free: false, refund_percent: 50, refund: money(0), keep: money(0) }, actions: { pay: true, cancel: true, refund: false, exchange: false } };
    render(
      <QueryClientProvider client={createQueryClient()}>
        <MemoryRouter>
          <OrderChangeForm id={base.id} action="cancel" onDone={() => undefined} pickers={pickers} />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    expect(await screen.findByTestId('cancel-rule')).toHaveTextContent('This order is not paid yet: cancelling frees the car and nothing is charged.');
  });
});
