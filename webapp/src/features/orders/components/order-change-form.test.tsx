import { QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor } from '@testing-library/react';
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
const order = {
  id: 'MSH-ABC234', trip_number: 'MSH-ABC234', status: 'confirmed', source: 'checkout', placed_at: '2026-11-28T10:00:00Z', updated_at: '2026-11-28T10:00:00Z',
  hold_until: '2026-11-28T10:15:00Z', contact: { first_name: 'Salma', last_name: 'Nabil' }, trip: trip('2026-12-15', '09:00', SEDAN),
  total: money(500), prices: [money(500)], display_currency: 'EGP', paid: money(500), refunded: money(0), owed: money(0), needs_attention: false,
  cancellation: { free_until: '2026-12-14T07:00:00Z', free_hours_before: 24, late_refund_percent: 50, free: true, refund_percent: 100, refund: money(500) },
  refunds: [], refund_requests: [], actions: { pay: false, cancel: true, refund: false, exchange: true },
};

let quotesAsked: string[];
beforeEach(() => {
  quotesAsked = [];
  const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
  vi.stubGlobal('fetch', (input: string) => {
    const url = new URL(input, 'http://app.test');
    if (url.pathname === `/api/orders/${order.id}`) return Promise.resolve(json(200, { data: order }));
    if (url.pathname.endsWith('/exchange/pickup-times')) return Promise.resolve(json(200, { data: { date: url.searchParams.get('date'), times: [] } }));
    if (url.pathname.endsWith('/exchange/quote')) {
      quotesAsked.push(url.search);
      if (url.searchParams.get('rate_plan_id') === SEDAN.id) return Promise.resolve(json(422, { message: 'Nothing would change: choose another date, time or car class.' }));
      return Promise.resolve(json(200, { data: { trip: trip('2026-12-15', '09:00', VAN), total: money(650), difference: money(150), prices: [money(650)] } }));
    }
    return Promise.resolve(json(404, { message: 'Not found' }));
  });
  act(() => useLocaleStore.getState().setLanguage('en'));
});
afterEach(() => vi.unstubAllGlobals());

const pickers: ExchangePickers = {
  datePicker: () => null,
  timePicker: () => null,
  rates: [{ value: SEDAN.id, label: SEDAN.name }, { value: VAN.id, label: VAN.name }],
};

function renderExchange() {
  return render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter>
        <OrderChangeForm id={order.id} action="exchange" onDone={() => undefined} pickers={pickers} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('changing a trip', () => {
  it('opens with a neutral prompt, asks no quote for the booking as it is and cannot be confirmed', async () => {
    renderExchange();
    expect(await screen.findByTestId('exchange-choose')).toHaveTextContent('Choose another date, time or rate plan to see the price of the change.');
    expect(screen.queryByTestId('exchange-refused')).not.toBeInTheDocument();
    expect(screen.getByTestId('confirm-exchange')).toBeDisabled();
    expect(quotesAsked).toEqual([]);
  });

  it('prices a real change (another rate plan) and goes back to the prompt when it is undone', async () => {
    const user = userEvent.setup();
    renderExchange();
    await user.selectOptions(await screen.findByTestId('exchange-rate'), VAN.id);
    expect(await screen.findByTestId('exchange-difference')).toHaveTextContent(/To pay/);
    expect(screen.queryByTestId('exchange-choose')).not.toBeInTheDocument();
    expect(screen.getByTestId('confirm-exchange')).toBeEnabled();
    await user.selectOptions(screen.getByTestId('exchange-rate'), SEDAN.id);
    expect(await screen.findByTestId('exchange-choose')).toBeInTheDocument();
    expect(screen.queryByTestId('exchange-refused')).not.toBeInTheDocument();
    expect(quotesAsked.every((query) => query.includes(`rate_plan_id=${VAN.id}`))).toBe(true);
  });

  it('says the booking and the new trip with the Arabic comma between date, time and plan in Arabic', async () => {
    act(() => useLocaleStore.getState().setLanguage('ar'));
    const user = userEvent.setup();
    renderExchange();
    const current = await screen.findByTestId('exchange-current');
    expect(current.textContent).not.toContain('·');
    expect(current.textContent).toMatch(/٢٠٢٦، .*٩:٠٠.*، Sedan$/);
    await user.selectOptions(screen.getByTestId('exchange-rate'), VAN.id);
    await screen.findByTestId('exchange-difference');
    expect(screen.getByTestId('exchange-quote').textContent).not.toContain('·');
  });
});

describe('changing a trip our team priced', () => {
  it('offers its date and time only and says why its car and stops are not offered, in English and Arabic', async () => {
    const quoted = { ...order, source: 'enquiry', quoted: true };
    vi.stubGlobal('fetch', (input: string) => {
      const url = new URL(input, 'http://app.test');
      if (url.pathname === `/api/orders/${order.id}`) return Promise.resolve(new Response(JSON.stringify({ data: quoted }), { status: 200, headers: { 'Content-Type': 'application/json' } }));
      return Promise.resolve(new Response(JSON.stringify({ data: { date: url.searchParams.get('date'), times: [] } }), { status: 200, headers: { 'Content-Type': 'application/json' } }));
    });
    const { unmount } = renderExchange();
    expect(await screen.findByTestId('exchange-quoted')).toHaveTextContent('This trip was priced by our team: ask us to change its car or stops.');
    expect(screen.queryByTestId('exchange-rate')).not.toBeInTheDocument();
    expect(screen.getByTestId('exchange-current')).toHaveTextContent('Sedan');
    unmount();
    act(() => useLocaleStore.getState().setLanguage('ar'));
    renderExchange();
    expect(await screen.findByTestId('exchange-quoted')).toHaveTextContent('سعر هذه الرحلة حدده فريقنا: اطلب منا تغيير سيارتها أو محطاتها.');
  });
});

describe('cancelling late', () => {
  // The tester's order: EGP 770.40 paid, a dearer change paid and refunded again; 20 hours before the
  // start the policy keeps half the price, so half of it goes back, not half of everything ever paid.
  const late = {
    ...order,
    total: money(770.4),
    paid: money(1590.8),
    refunded: money(820.4),
    cancellation: { ...order.cancellation, free: false, refund_percent: 50, refund: { amount: 385.2, minor: 38520, currency: 'EGP' } },
  };
  beforeEach(() => {
    const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
    vi.stubGlobal('fetch', () => Promise.resolve(json(200, { data: late })));
  });

  it('says the share is kept of the price and shows what goes back', async () => {
    render(
      <QueryClientProvider client={createQueryClient()}>
        <MemoryRouter>
          <OrderChangeForm id={order.id} action="cancel" onDone={() => undefined} pickers={pickers} />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    expect(await screen.findByText("It is less than 24 hours before the start: if you cancel now, we keep 50% of the trip's price and refund the rest of what you paid.")).toBeInTheDocument();
    expect(screen.getByTestId('cancel-refund')).toHaveTextContent('385.20');
  });

  it('says nothing more comes back, and what is kept, when earlier refunds gave back more than the share', async () => {
    const afterGoodwill = {
      ...late,
      paid: money(770.4),
      refunded: money(400),
      cancellation: { ...late.cancellation, refund: money(0), keep: { amount: 370.4, minor: 37040, currency: 'EGP' } },
    };
    vi.stubGlobal('fetch', () => Promise.resolve(new Response(JSON.stringify({ data: afterGoodwill }), { status: 200, headers: { 'Content-Type': 'application/json' } })));
    render(
      <QueryClientProvider client={createQueryClient()}>
        <MemoryRouter>
          <OrderChangeForm id={order.id} action="cancel" onDone={() => undefined} pickers={pickers} />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    const nothing = await screen.findByTestId('cancel-nothing-back');
    expect(nothing).toHaveTextContent('Nothing more comes back to you');
    expect(nothing).toHaveTextContent('370.40');
    expect(screen.queryByTestId('cancel-refund')).toBeNull();
  });
});

describe('the amount of a refund request', () => {
  let asked: unknown[];
  const refundable = { ...order, actions: { ...order.actions, refund: true } };
  beforeEach(() => {
    asked = [];
    const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
    vi.stubGlobal('fetch', (input: string, init?: RequestInit) => {
      const url = new URL(input, 'http://app.test');
      if (url.pathname === `/api/orders/${order.id}/refund` && init?.method === 'POST') {
        asked.push(JSON.parse(init.body as string));
        return Promise.resolve(json(200, { data: refundable }));
      }
      if (url.pathname === `/api/orders/${order.id}`) return Promise.resolve(json(200, { data: refundable }));
      return Promise.resolve(json(404, { message: 'Not found' }));
    });
  });

  function renderRefund() {
    return render(
      <QueryClientProvider client={createQueryClient()}>
        <MemoryRouter>
          <OrderChangeForm id={order.id} action="refund" onDone={() => undefined} pickers={pickers} />
        </MemoryRouter>
      </QueryClientProvider>,
    );
  }

  it.each([
    ['en', 'Amount to refund (EGP)', 'Reason', 'Request a refund'],
    ['ar', 'المبلغ المطلوب استرداده (جنيه)', 'السبب', 'طلب استرداد'],
  ] as const)('reads an amount typed in Arabic-Indic digits («١٢٠٫٥٠» is 120.50) and asks for it (%s)', async (language, amountLabel, reasonLabel, button) => {
    act(() => useLocaleStore.getState().setLanguage(language));
    const user = userEvent.setup();
    renderRefund();
    const amount = await screen.findByLabelText(amountLabel);
    expect(amount).toHaveAttribute('inputmode', 'decimal');
    await user.clear(amount);
    await user.type(amount, '١٢٠٫٥٠');
    expect(amount).toHaveValue('١٢٠٫٥٠');
    await user.type(screen.getByLabelText(reasonLabel), 'The driver was late');
    await user.click(screen.getByRole('button', { name: button }));
    await waitFor(() => expect(asked).toEqual([{ reason: 'The driver was late', amount: 120.5 }]));
  });

  it.each([
    ['en', 'Amount to refund (EGP)', 'Reason', 'Request a refund', 'Please check Amount to refund (EGP).'],
    ['ar', 'المبلغ المطلوب استرداده (جنيه)', 'السبب', 'طلب استرداد', 'يرجى التحقق من «المبلغ المطلوب استرداده (جنيه)».'],
  ] as const)('refuses text that is no amount in words and sends nothing (%s)', async (language, amountLabel, reasonLabel, button, message) => {
    act(() => useLocaleStore.getState().setLanguage(language));
    const user = userEvent.setup();
    renderRefund();
    const amount = await screen.findByLabelText(amountLabel);
    await user.clear(amount);
    await user.type(amount, 'all of it');
    await user.type(screen.getByLabelText(reasonLabel), 'The driver was late');
    await user.click(screen.getByRole('button', { name: button }));
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(asked).toEqual([]);
  });
});
