import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { AppProvider } from '@/app/provider';
import { createQueryClient } from '@/lib/query-client';
import { useLocaleStore } from '@/stores/locale-store';

import { WaitingOrderNotice } from '@/features/checkout/components/waiting-order';
import { PaymentOutcomeView } from '@/features/payments/components/payment-result';

type Call = { method: string; path: string };

/** Answers the order's status and its payment; records every request. */
function serve(order: { status: string; pay: boolean }, orders: unknown[] = []) {
  const calls: Call[] = [];
  vi.stubGlobal('fetch', (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url, 'http://localhost');
    const method = (init?.method ?? (input instanceof Request ? input.method : 'GET')).toUpperCase();
    calls.push({ method, path: url.pathname });
    const json = (body: unknown) => Promise.resolve(new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } }));
    if (method === 'POST' && url.pathname === '/api/orders/MSH-AAAAAA/pay') return json({ payment_url: 'http://localhost/pay/sandbox/again', data: { order_id: 'MSH-AAAAAA' } });
    if (url.pathname === '/api/orders/MSH-AAAAAA') return json({ data: { id: 'MSH-AAAAAA', status: order.status, actions: { pay: order.pay } } });
    if (url.pathname === '/api/orders') return json({ data: orders, enquiries: [] });
    return json({ data: [] });
  });
  return calls;
}

function show(element: React.ReactNode) {
  const router = createMemoryRouter(
    [
      { path: '/payments/:id', element },
      { path: '/checkout', element: <p>the checkout</p> },
      { path: '*', element: <p>elsewhere</p> },
    ],
    { initialEntries: ['/payments/MSH-AAAAAA?result=failure'] },
  );
  render(
    <AppProvider queryClient={createQueryClient()}>
      <RouterProvider router={router} />
    </AppProvider>,
  );
  return router;
}

beforeEach(() => {
  act(() => useLocaleStore.getState().setLanguage('en'));
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('"Try again" after a declined card', () => {
  for (const [lang, label] of [['en', 'Try again'], ['ar', 'حاول مرة أخرى']] as const) {
    it(`pays the same order again, never a new one from the checkout (${lang})`, async () => {
      act(() => useLocaleStore.getState().setLanguage(lang));
      const calls = serve({ status: 'payment_failed', pay: true });
      const router = show(<PaymentOutcomeView outcome="failure" orderId="MSH-AAAAAA" reason="card_declined" />);
      const retry = await screen.findByRole('button', { name: label });
      expect(screen.getByTestId('pay-again-text').textContent).toContain('MSH-AAAAAA');
      // Nothing leads to the checkout, and nothing counts down to it.
      expect(screen.queryByTestId('choose-another')).toBeNull();
      expect(screen.queryByTestId('payment-countdown')).toBeNull();
      await userEvent.click(retry);
      await waitFor(() => expect(calls).toContainEqual({ method: 'POST', path: '/api/orders/MSH-AAAAAA/pay' }));
      expect(calls.filter((call) => call.method === 'POST' && call.path === '/api/orders')).toEqual([]);
      expect(router.state.location.pathname).toBe('/payments/MSH-AAAAAA');
    });
  }

  it('offers another time at the checkout when the order can no longer be paid', async () => {
    serve({ status: 'payment_failed', pay: false });
    show(<PaymentOutcomeView outcome="failure" orderId="MSH-AAAAAA" />);
    expect(await screen.findByRole('link', { name: 'Choose another time' })).toHaveAttribute('href', '/checkout');
    expect(screen.queryByTestId('pay-again')).toBeNull();
  });

  it('waits for the order to hear of the failure before offering anything', async () => {
    const calls = serve({ status: 'awaiting_payment', pay: true });
    show(<PaymentOutcomeView outcome="failure" orderId="MSH-AAAAAA" />);
    await waitFor(() => expect(calls).toContainEqual({ method: 'GET', path: '/api/orders/MSH-AAAAAA' }));
    expect(screen.queryByTestId('pay-again')).toBeNull();
    expect(screen.queryByTestId('choose-another')).toBeNull();
    expect(screen.queryByTestId('payment-countdown')).toBeNull();
  });
});

describe('the checkout, back from the payment page', () => {
  const waiting = [{ id: 'MSH-AAAAAA', status: 'awaiting_payment', trip: { date: '2026-12-02', time: '10:00' }, actions: { pay: true } }];

  for (const [lang, title, pay] of [
    ['en', 'Your trip MSH-AAAAAA is waiting for payment', 'Pay now'],
    ['ar', 'رحلتك MSH-AAAAAA بانتظار الدفع', 'ادفع الآن'],
  ] as const) {
    it(`says the trip placed waits for payment and pays that order (${lang})`, async () => {
      act(() => useLocaleStore.getState().setLanguage(lang));
      const calls = serve({ status: 'awaiting_payment', pay: true }, waiting);
      show(<WaitingOrderNotice date="2026-12-02" time="10:00" />);
      expect(await screen.findByText(title)).toBeInTheDocument();
      await userEvent.click(screen.getByRole('button', { name: pay }));
      await waitFor(() => expect(calls).toContainEqual({ method: 'POST', path: '/api/orders/MSH-AAAAAA/pay' }));
      expect(calls.filter((call) => call.method === 'POST' && call.path === '/api/orders')).toEqual([]);
    });
  }

  it('says nothing of an order for another time, or one that is paid or can no longer be paid', async () => {
    const calls = serve({ status: 'confirmed', pay: false }, [
      ...waiting,
      { id: 'MSH-BBBBBB', status: 'confirmed', trip: { date: '2026-12-02', time: '11:00' }, actions: { pay: false } },
      { id: 'MSH-CCCCCC', status: 'payment_failed', trip: { date: '2026-12-02', time: '11:00' }, actions: { pay: false } },
    ]);
    show(<WaitingOrderNotice date="2026-12-02" time="11:00" />);
    await waitFor(() => expect(calls).toContainEqual({ method: 'GET', path: '/api/orders' }));
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(screen.queryByTestId('waiting-order')).toBeNull();
  });
});
