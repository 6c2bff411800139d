import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { i18n } from '@/lib/i18n';
import { useLocaleStore } from '@/stores/locale-store';
import { cairoToday } from '@/utils/cairo-day';

import type { AdminOrder } from '../api/purchase-orders';

import { ChangeDateTime } from './change-date-time';

const money = (minor: number) => ({ amount: minor / 100, minor, currency: 'EGP' });
const order = {
  id: 'MSH-7K3Q9P',
  status: 'confirmed',
  total: money(67300),
} as unknown as AdminOrder;

interface Sent {
  path: string;
  body?: unknown;
}

/** The change's API: every day available, two times, a dearer start; the change answers as told. */
function serve(change: { status: number; body: unknown }, difference = 5000) {
  const sent: Sent[] = [];
  const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
  vi.stubGlobal('fetch', (input: string, init?: RequestInit) => {
    const url = new URL(input, 'http://app.test');
    sent.push({ path: url.pathname + url.search, body: init?.body ? JSON.parse(init.body as string) : undefined });
    const base = '/api/admin/orders/MSH-7K3Q9P/exchange';
    if (url.pathname === `${base}/calendar`) {
      const from = url.searchParams.get('from') ?? '';
      return Promise.resolve(json(200, { data: [{ date: from, status: 'available' }] }));
    }
    if (url.pathname === `${base}/pickup-times`) return Promise.resolve(json(200, { data: { times: [{ time: '10:00' }, { time: '10:15' }] } }));
    if (url.pathname === `${base}/quote`) {
      return Promise.resolve(
        json(200, {
          data: { total: money(67300 + difference), difference: money(difference), waivable: money(Math.max(difference, 0)), refundable: money(Math.max(-difference, 0)), past_traveller_cutoff: true },
        }),
      );
    }
    if (url.pathname === base) return Promise.resolve(json(change.status, change.body));
    return Promise.resolve(json(404, { message: 'not found' }));
  });
  return sent;
}

function renderChange() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <ChangeDateTime order={order} />
    </QueryClientProvider>,
  );
}

/** Opens the action and picks today (Cairo) and 10:15. */
async function pickTodayAt1015() {
  await userEvent.click(screen.getByRole('button', { name: i18n.t('staffChange.open') }));
  await userEvent.click(screen.getByRole('button', { name: new RegExp(`^${i18n.t('staffChange.date')}`) }));
  const todayButton = document.querySelector<HTMLElement>(`[data-date="${cairoToday()}"]`);
  if (!todayButton) throw new Error('no button for today');
  await userEvent.click(todayButton);
  const time = await screen.findByTestId('change-time-MSH-7K3Q9P');
  await waitFor(() => expect(within(time).getAllByRole('option').length).toBeGreaterThan(2));
  await userEvent.selectOptions(time, '10:15');
}

beforeEach(() => act(() => useLocaleStore.getState().setLanguage('en')));
afterEach(() => vi.unstubAllGlobals());

describe('staff change an order’s date or time', () => {
  it('shows what a dearer start costs before confirming, and keeping the price sends the waiver with the reason', async () => {
    const sent = serve({ status: 200, body: { awaiting_payment: false, data: {} } });
    renderChange();
    await pickTodayAt1015();
    const price = await screen.findByTestId('change-price-MSH-7K3Q9P');
    await waitFor(() => expect(price).toHaveTextContent('It costs EGP'));
    expect(price).toHaveTextContent('The traveller could no longer change this trip themselves.');
    await userEvent.click(within(price).getByRole('radio', { name: /Keep the price/ }));
    await userEvent.type(screen.getByRole('textbox', { name: /Why/ }), 'Our driver fell ill');
    await userEvent.click(screen.getByRole('button', { name: 'Move the trip' }));
    await waitFor(() => expect(sent.some((s) => s.path === '/api/admin/orders/MSH-7K3Q9P/exchange')).toBe(true));
    const post = sent.find((s) => s.path === '/api/admin/orders/MSH-7K3Q9P/exchange');
    expect(post?.body).toEqual({ date: cairoToday(), time: '10:15', reason: 'Our driver fell ill', keep_price: true });
  });

  it('asks for a reason before sending, and puts the server’s refusal on its field', async () => {
    const sent = serve({ status: 422, body: { message: 'The given data was invalid.', errors: { time: ['Outside office hours.'] } } });
    renderChange();
    await pickTodayAt1015();
    await screen.findByText(/It costs EGP/);
    await userEvent.click(screen.getByRole('button', { name: 'Move the trip' }));
    expect(screen.getByText('Say why the trip is moved.')).toBeInTheDocument();
    expect(sent.some((s) => s.path === '/api/admin/orders/MSH-7K3Q9P/exchange')).toBe(false);
    await userEvent.type(screen.getByRole('textbox', { name: /Why/ }), 'Phoned');
    await userEvent.click(screen.getByRole('button', { name: 'Move the trip' }));
    expect(await screen.findByText('Outside office hours.')).toBeInTheDocument();
  });

  it('says a cheaper start’s refund in Arabic', async () => {
    act(() => useLocaleStore.getState().setLanguage('ar'));
    serve({ status: 200, body: { awaiting_payment: false } }, -2500);
    renderChange();
    await pickTodayAt1015();
    const price = await screen.findByTestId('change-price-MSH-7K3Q9P');
    await waitFor(() => expect(price).toHaveTextContent('يُردّ'));
    expect(price.textContent).not.toMatch(/[A-Za-z]{3,}/);
  });
});
