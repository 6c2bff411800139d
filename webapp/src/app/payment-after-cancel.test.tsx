import { act, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { useLocaleStore } from '@/stores/locale-store';
import { renderApp } from '@/testing/render-app';
import { setTestSession } from '@/testing/session';

const traveller = { id: '7', first_name: 'Mona', last_name: 'Zaki', email: 'mona@example.com', phone_number: null, role: 'user' };
const money = (amount: number) => ({ amount, minor: Math.round(amount * 100), currency: 'EGP' });

type Answer = Record<string, unknown>;

function serve(order: Answer) {
  vi.stubGlobal('fetch', (input: string) => {
    const path = new URL(input, 'http://app.test').pathname;
    const json = (status: number, body: unknown) => Promise.resolve(new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } }));
    if (path === '/api/me') return json(200, { data: traveller });
    if (path === '/api/orders/MSH-AAAAAA') return json(200, { data: { id: 'MSH-AAAAAA', ...order } });
    return json(200, { data: [] });
  });
}

const paidAfterCancelling = (refund: string): Answer => ({
  status: 'cancelled',
  actions: { pay: false },
  payments: [
    { id: 'p-1', status: 'expired', amount: money(770.4) },
    { id: 'p-2', status: 'captured', amount: money(770.4) },
  ],
  attention: [{ reason: 'paid_after_cancellation', payment_id: 'p-2', amount: money(770.4) }],
  refunds: [{ id: 'r-1', payment_id: 'p-2', amount: money(770.4), reason: 'paid_after_cancellation', status: refund }],
});

beforeEach(() => {
  act(() => useLocaleStore.getState().setLanguage('en'));
  setTestSession(traveller);
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the payment result of an order cancelled before the payment arrived', () => {
  it('says the payment is being refunded in full, with the amount and a link to the order, and does not count down to the checkout', async () => {
    serve(paidAfterCancelling('in_progress'));
    renderApp('/payments/MSH-AAAAAA?result=success');
    const refunded = await screen.findByTestId('payment-refunded');
    expect(refunded).toHaveTextContent('This order was cancelled before your payment arrived; your payment of EGP');
    expect(refunded).toHaveTextContent('770.40 is being refunded in full.');
    expect(screen.queryByText(/Your card was not charged/)).toBeNull();
    expect(screen.queryByTestId('payment-countdown')).toBeNull();
    expect(screen.queryByRole('link', { name: 'Try again' })).toBeNull();
    expect(screen.getByRole('link', { name: 'View my order' })).toHaveAttribute('href', expect.stringContaining('MSH-AAAAAA'));
  });

  it('says it in Arabic too', async () => {
    act(() => useLocaleStore.getState().setLanguage('ar'));
    serve(paidAfterCancelling('issued'));
    renderApp('/payments/MSH-AAAAAA?result=success');
    const refunded = await screen.findByTestId('payment-refunded');
    expect(refunded).toHaveTextContent('أُلغي هذا الطلب قبل وصول دفعتك');
    expect(screen.queryByTestId('payment-countdown')).toBeNull();
  });

  it('says a payment for a change given up is refunded, not that the change is paid', async () => {
    serve({
      status: 'confirmed',
      actions: { pay: false },
      payments: [{ id: 'p-1', status: 'captured', amount: money(500) }, { id: 'p-3', status: 'captured', amount: money(120) }],
      attention: [{ reason: 'paid_for_abandoned_exchange', payment_id: 'p-3', amount: money(120) }],
      refunds: [],
    });
    renderApp('/payments/MSH-AAAAAA?result=success');
    const refunded = await screen.findByTestId('payment-refunded');
    expect(refunded).toHaveTextContent('This change was given up before your payment arrived; your payment of EGP');
    expect(refunded).toHaveTextContent('120 is being refunded in full.');
    expect(screen.queryByTestId('payment-success')).toBeNull();
  });

  it('does not say the card was not charged when the order is cancelled and the payment not yet recorded', async () => {
    serve({ status: 'cancelled', actions: { pay: false }, payments: [], attention: [], refunds: [] });
    renderApp('/payments/MSH-AAAAAA?result=success');
    const cancelled = await screen.findByTestId('payment-cancelled-order');
    expect(cancelled).toHaveTextContent('This order was cancelled. If your card was charged for it, the payment is refunded in full');
    expect(screen.queryByText(/Your card was not charged/)).toBeNull();
    expect(screen.queryByTestId('payment-countdown')).toBeNull();
  });
});
