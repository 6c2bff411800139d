import { QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { createQueryClient } from '@/lib/query-client';
import { useLocaleStore } from '@/stores/locale-store';

import { OrderDetail } from './order-detail';

const money = (amount: number) => ({ amount, minor: amount * 100, currency: 'EGP' });
// No place on the map (0, 0): the page draws no map in the test.
const point = { name: 'Tahrir', lat: 0, lng: 0 };
const order = (contact: Record<string, unknown>) => ({
  id: 'MSH-ABC234', trip_number: 'MSH-ABC234', status: 'confirmed', source: 'checkout', placed_at: '2026-11-28T10:00:00Z', updated_at: '2026-11-28T10:00:00Z',
  hold_until: '2026-11-28T10:15:00Z', contact: { first_name: 'Salma', last_name: 'Nabil', ...contact },
  trip: {
    start_at: '2026-12-15T09:00:00+02:00', date: '2026-12-15', time: '09:00', pickup: point, end: point, stops: [],
    rate_plan: { id: 'r1', name: 'Sedan', price_per_km: money(10), waiting_per_hour: money(50) },
    total_distance: 40, total_duration: 60, drive_minutes: 60, total_waiting_hours: 2, distance_cost: money(400), waiting_cost: money(100), total: money(500),
  },
  total: money(500), prices: [money(500)], display_currency: 'EGP', paid: money(500), refunded: money(0), owed: money(0), needs_attention: false,
  cancellation: { free_until: '2026-12-14T07:00:00Z', free_hours_before: 24, late_refund_percent: 50, free: true, refund_percent: 100, refund: money(500) },
  refunds: [], refund_requests: [], actions: { pay: false, cancel: false, refund: false, exchange: false },
});

let answer: ReturnType<typeof order>;
beforeEach(() => {
  vi.stubGlobal('fetch', () => Promise.resolve(new Response(JSON.stringify({ data: answer }), { status: 200, headers: { 'Content-Type': 'application/json' } })));
  act(() => useLocaleStore.getState().setLanguage('en'));
});
afterEach(() => vi.unstubAllGlobals());

function renderOrder() {
  return render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter>
        <OrderDetail id="MSH-ABC234" />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('the order page shows what the traveller told us', () => {
  it('shows the group size and the comments', async () => {
    answer = order({ travellers: 3, comments: 'Child seat, please' });
    renderOrder();
    expect(await screen.findByTestId('order-group')).toHaveTextContent('3 travellers');
    expect(screen.getByText('Group')).toBeInTheDocument();
    expect(screen.getByTestId('order-comments')).toHaveTextContent('Child seat, please');
  });

  it('says one traveller in the singular', async () => {
    answer = order({ travellers: 1 });
    renderOrder();
    expect(await screen.findByTestId('order-group')).toHaveTextContent(/^1 traveller$/);
    expect(screen.queryByTestId('order-comments')).not.toBeInTheDocument();
  });

  it.each([
    [1, 'مسافر واحد'],
    [2, 'مسافران'],
    [3, '٣ مسافرين'],
    [11, '١١ مسافرًا'],
    [50, '٥٠ مسافرًا'],
  ])('says a group of %i in Arabic with its plural form', async (travellers, said) => {
    act(() => useLocaleStore.getState().setLanguage('ar'));
    answer = order({ travellers, comments: 'كرسي أطفال' });
    renderOrder();
    expect(await screen.findByTestId('order-group')).toHaveTextContent(said);
    expect(screen.getByText('المجموعة')).toBeInTheDocument();
    expect(screen.getByTestId('order-comments')).toHaveTextContent('كرسي أطفال');
  });

  it('shows no group line for an order placed before checkout asked', async () => {
    answer = order({});
    renderOrder();
    await screen.findByTestId('order-detail');
    expect(screen.queryByTestId('order-group')).not.toBeInTheDocument();
  });
});
