import { act, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { useLocaleStore } from '@/stores/locale-store';
import { renderApp } from '@/testing/render-app';
import { setTestSession } from '@/testing/session';

const traveller = { id: '7', first_name: 'Mona', last_name: 'Zaki', email: 'mona@example.com', phone_number: null, role: 'user' };
const money = (amount: number) => ({ amount, minor: Math.round(amount * 100), currency: 'EGP' });

type Answer = Record<string, unknown>;

const calls: string[] = [];

function serve(order: Answer | null) {
  calls.length = 0;
  vi.stubGlobal('fetch', (input: string) => {
    const path = new URL(input, 'http://app.test').pathname;
    calls.push(path);
    const json = (status: number, body: unknown) => Promise.resolve(new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } }));
    if (path === '/api/me') return json(200, { data: traveller });
    if (path === '/api/orders/MSH-AAAAAA') return order ? json(200, { data: { id: 'MSH-AAAAAA', ...order } }) : json(404, { message: 'Order not found' });
    return json(200, { data: [] });
  });
}

const cancelledUnpaid: Answer = { status: 'cancelled', actions: { pay: false }, payments: [{ id: 'p-1', purpose: 'order', status: 'closed', amount: money(770.4) }], attention: [], refunds: [] };
const paid: Answer = { status: 'confirmed', actions: { pay: false }, payments: [{ id: 'p-1', purpose: 'order', status: 'received', amount: money(770.4) }], attention: [], refunds: [] };

beforeEach(() => {
  act(() => useLocaleStore.getState().setLanguage('en'));
  setTestSession(traveller);
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the payment result says what the order says, whatever the address claims', () => {
  it('a failure address of an order cancelled unpaid says it was cancelled, not "not charged", and counts down to nothing', async () => {
    serve(cancelledUnpaid);
    renderApp('/payments/MSH-AAAAAA?result=failure');
    expect(await screen.findByTestId('payment-cancelled-order')).toHaveTextContent('This order was cancelled');
    expect(screen.queryByText(/Your card was not charged/)).toBeNull();
    expect(screen.queryByTestId('payment-countdown')).toBeNull();
    expect(screen.queryByText('Choose another time')).toBeNull();
  });

  it('a failure address of a paid order says it is paid', async () => {
    serve(paid);
    renderApp('/payments/MSH-AAAAAA?result=failure');
    expect(await screen.findByTestId('payment-paid-order')).toHaveTextContent('Trip MSH-AAAAAA is paid and booked');
    expect(screen.queryByTestId('payment-failure')).toBeNull();
    expect(screen.queryByTestId('payment-countdown')).toBeNull();
  });

  it('a failed payment for a change says the trip stays booked as it was', async () => {
    serve({ ...paid, payments: [...(paid.payments as Answer[]), { id: 'p-2', purpose: 'exchange', status: 'failed', amount: money(120) }] });
    renderApp('/payments/MSH-AAAAAA?result=failure');
    expect(await screen.findByTestId('payment-change-failed')).toHaveTextContent('stays booked as it was');
  });

  it('a failure address of an order waiting for payment offers its payment page', async () => {
    serve({ status: 'awaiting_payment', payment_url: 'http://pay.test/p-2', actions: { pay: true }, payments: [], attention: [], refunds: [] });
    renderApp('/payments/MSH-AAAAAA?result=failure');
    expect(await screen.findByTestId('payment-awaiting')).toHaveTextContent('Trip MSH-AAAAAA is not paid yet');
    expect(screen.getByTestId('pay-now')).toBeInTheDocument();
  });

  it('a failure address of an order whose payment failed still offers to pay it again', async () => {
    serve({ status: 'payment_failed', actions: { pay: true }, payments: [{ id: 'p-1', purpose: 'order', status: 'failed', amount: money(770.4) }], attention: [], refunds: [] });
    renderApp('/payments/MSH-AAAAAA?result=failure&reason=card_declined');
    expect(await screen.findByTestId('payment-failure')).toHaveTextContent('Your card was not charged');
    expect(await screen.findByTestId('pay-again')).toBeInTheDocument();
  });

  it('signed out, it reads no order and reports only what the payment page said, pointing to the trip status', async () => {
    setTestSession(null);
    serve(paid);
    renderApp('/payments/MSH-AAAAAA?result=failure');
    const failure = await screen.findByTestId('payment-failure');
    expect(failure).toHaveTextContent('The payment page reported that the payment did not go through');
    expect(failure).not.toHaveTextContent('Your card was not charged');
    expect(screen.getByRole('link', { name: 'Check your trip status' })).toBeInTheDocument();
    expect(calls).not.toContain('/api/orders/MSH-AAAAAA');
  });

  it('says it in Arabic too', async () => {
    act(() => useLocaleStore.getState().setLanguage('ar'));
    serve(paid);
    renderApp('/payments/MSH-AAAAAA?result=failure');
    expect(await screen.findByTestId('payment-paid-order')).toHaveTextContent('هذه الرحلة مدفوعة');
  });
});

describe('a trip number without a result', () => {
  it("is the signed-in traveller's own order: its state and payment page, not the enquiry's e-mail form", async () => {
    serve({ status: 'awaiting_payment', payment_url: 'http://pay.test/p-1', actions: { pay: true }, payments: [], attention: [], refunds: [] });
    renderApp('/payments/MSH-AAAAAA');
    expect(await screen.findByTestId('payment-awaiting')).toBeInTheDocument();
    expect(screen.queryByText('Enter the e-mail you sent the enquiry with to pay the price we offered.')).toBeNull();
  });

  it('is an enquiry payment link when the order is not the reader’s', async () => {
    serve(null);
    renderApp('/payments/MSH-AAAAAA');
    expect(await screen.findByText('Enter the e-mail you sent the enquiry with to pay the price we offered.')).toBeInTheDocument();
  });

  it('is an enquiry payment link when signed out', async () => {
    setTestSession(null);
    serve(paid);
    renderApp('/payments/MSH-AAAAAA');
    expect(await screen.findByText('Enter the e-mail you sent the enquiry with to pay the price we offered.')).toBeInTheDocument();
    expect(calls).not.toContain('/api/orders/MSH-AAAAAA');
  });
});
