import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { useLocaleStore } from '@/stores/locale-store';
import { renderApp } from '@/testing/render-app';
import { setTestSession } from '@/testing/session';

const admin = { id: '1', first_name: 'Hoda', last_name: 'Fahmy', email: 'admin@example.com', phone_number: null, role: 'admin' };
const egp = (minor: number) => ({ amount: minor / 100, minor, currency: 'EGP' });

function order(overrides: Record<string, unknown> = {}) {
  return {
    id: 'MSH-ABC234',
    status: 'confirmed',
    source: 'web',
    placed_at: '2026-11-23T08:00:00Z',
    contact: { first_name: 'Salma', last_name: 'Nabil' },
    trip: { date: '2026-12-01', time: '10:00', pickup: { name: 'Mena House' }, stops: [] },
    total: egp(173120),
    paid: egp(173120),
    refunded: egp(0),
    owed: egp(0),
    refund_pending: egp(0),
    needs_attention: false,
    attention: [],
    refund_requests: [],
    payments: [{ id: 'pay-1', purpose: 'order', provider: 'sandbox', amount: egp(173120), status: 'received', received: egp(173120), refunded: egp(0) }],
    refunds: [],
    ...overrides,
  };
}

interface Sent {
  path: string;
  body: unknown;
  key: string | null;
}

/** The searches the list was asked for (q). */
let lists: string[] = [];

function serve(current: ReturnType<typeof order>) {
  const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
  const sent: Sent[] = [];
  lists = [];
  vi.stubGlobal('fetch', (input: string, init?: RequestInit) => {
    const url = new URL(input, 'http://app.test');
    const path = url.pathname;
    if (path === '/api/admin/orders') lists.push(url.searchParams.get('q') ?? '');
    if (path === '/api/me') return Promise.resolve(json(200, { data: admin }));
    if (path === '/api/auth/getadmin') return Promise.resolve(json(200, admin));
    if (path === '/api/admin/orders') return Promise.resolve(json(200, { data: [current], total: 1 }));
    if (path.startsWith('/api/admin/orders/')) {
      sent.push({ path, body: JSON.parse(typeof init?.body === 'string' ? init.body : '{}'), key: new Headers(init?.headers).get('Idempotency-Key') });
      return Promise.resolve(json(200, { data: current, refunded: egp(0), refund_pending: egp(25050), refund_failed: false }));
    }
    return Promise.resolve(json(403, { message: 'Forbidden' }));
  });
  return sent;
}

async function openOrder(path = '/admin/purchase_order') {
  const user = userEvent.setup();
  renderApp(path);
  await user.click(await screen.findByRole('button', { name: 'MSH-ABC234' }));
  return { user, money: await screen.findByTestId('order-money') };
}

beforeEach(() => {
  act(() => useLocaleStore.getState().setLanguage('en'));
  setTestSession(admin);
});
afterEach(() => vi.unstubAllGlobals());

describe("the staff order's money", () => {
  it('sends a partial refund typed in pounds only after a confirmation that shows the amount', async () => {
    const sent = serve(order());
    const { user, money } = await openOrder();
    await user.click(within(money).getByLabelText('Part of it'));
    const amount = within(money).getByLabelText('Amount (EGP)');
    await user.type(amount, '2000');
    await user.type(within(money).getByLabelText('Reason'), 'Late driver');
    await user.click(within(money).getByRole('button', { name: 'Refund' }));
    expect(await within(money).findByText(/^At most EGP 1,731\.20 can go back\.$/)).toBeInTheDocument();
    await user.clear(amount);
    await user.type(amount, '250.5');
    await user.click(within(money).getByRole('button', { name: 'Refund' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Send money back?' });
    expect(within(dialog).getByTestId('refund-confirm-amount')).toHaveTextContent('EGP 250.50 goes back to the traveller of order \u2068MSH-ABC234\u2069');
    expect(sent).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: /^Refund EGP\s250\.50$/ }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({ path: '/api/admin/orders/MSH-ABC234/refund', body: { amount: 250.5, reason: 'Late driver' } });
    expect(sent[0]?.key).toBeTruthy();
    expect(await screen.findByText(/^Refund of EGP\s250\.50 ordered; it shows here when the provider confirms it\.$/)).toBeInTheDocument();
  });

  it('opens on the order a link names (?q=)', async () => {
    serve(order());
    await openOrder('/admin/purchase_order?q=MSH-ABC234');
    expect(lists).toContain('MSH-ABC234');
    expect(screen.getByLabelText('Trip number, e-mail or name')).toHaveValue('MSH-ABC234');
  });

  it('sends nothing when the confirmation is declined', async () => {
    const sent = serve(order());
    const { user, money } = await openOrder();
    await user.type(within(money).getByLabelText('Reason'), 'Trip cancelled by us');
    await user.click(within(money).getByRole('button', { name: 'Refund' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Send money back?' });
    expect(within(dialog).getByTestId('refund-confirm-amount')).toHaveTextContent('EGP 1,731.20');
    await user.click(within(dialog).getByRole('button', { name: 'Not now' }));
    expect(sent).toEqual([]);
  });

  // 20 hours before the trip: at the traveller's request the policy sends half of the price back; the
  // business cancelling sends everything back.
  const late = { cancellation: { refund: egp(86560), keep: egp(86560), refund_by_business: egp(173120) } };

  it('cancels a paid order for the business, showing that everything paid goes back, only after a confirmation', async () => {
    const sent = serve(order(late));
    const { user } = await openOrder();
    await user.type(screen.getByLabelText('Reason for cancelling'), 'No driver available, our fault');
    await user.click(screen.getByLabelText('The business (no driver, our fault): EGP 1,731.20 back, everything still paid'));
    await user.click(screen.getByRole('button', { name: 'Cancel order' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Cancel this order?' });
    expect(within(dialog).getByTestId('cancel-confirm-text')).toHaveTextContent('Everything the traveller still has paid goes back to them: EGP 1,731.20');
    expect(sent).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Cancel order' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({ path: '/api/admin/orders/MSH-ABC234/cancel', body: { reason: 'No driver available, our fault', initiated_by: 'business' } });
  });

  it("cancels a paid order at the traveller's request, showing what the policy sends back and keeps", async () => {
    const sent = serve(order(late));
    const { user } = await openOrder();
    await user.type(screen.getByLabelText('Reason for cancelling'), 'The traveller phoned');
    await user.click(screen.getByLabelText('The traveller asked: the policy applies, EGP 865.60 back'));
    await user.click(screen.getByRole('button', { name: 'Cancel order' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Cancel this order?' });
    expect(within(dialog).getByTestId('cancel-confirm-text')).toHaveTextContent('Under the cancellation policy we keep EGP 865.60 and EGP 865.60 goes back to them');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel order' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({ body: { reason: 'The traveller phoned', initiated_by: 'traveller' } });
  });

  it("says a free cancellation at the traveller's request is free, not that it keeps nothing", async () => {
    serve(order({ cancellation: { refund: egp(173120), keep: egp(0), refund_by_business: egp(173120) } }));
    const { user } = await openOrder();
    await user.type(screen.getByLabelText('Reason for cancelling'), 'The traveller phoned');
    await user.click(screen.getByLabelText('The traveller asked: the policy applies, EGP 1,731.20 back'));
    await user.click(screen.getByRole('button', { name: 'Cancel order' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Cancel this order?' });
    expect(within(dialog).getByTestId('cancel-confirm-text')).toHaveTextContent('The cancellation is free: everything they still have paid goes back to them: EGP 1,731.20');
    expect(within(dialog).getByTestId('cancel-confirm-text')).not.toHaveTextContent('we keep');
  });

  it('asks who is cancelling a paid order before confirming', async () => {
    const sent = serve(order(late));
    const { user } = await openOrder();
    await user.type(screen.getByLabelText('Reason for cancelling'), 'Road closed');
    await user.click(screen.getByRole('button', { name: 'Cancel order' }));
    expect(await screen.findByText('Choose who is cancelling: it decides what goes back.')).toBeInTheDocument();
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(sent).toEqual([]);
  });

  it('cancels an unpaid order without asking who, saying nothing goes back', async () => {
    const sent = serve(order({ status: 'awaiting_payment', paid: egp(0), payments: [], cancellation: { refund: egp(0), keep: egp(0), refund_by_business: egp(0) } }));
    const { user } = await openOrder();
    expect(screen.queryByText('Who is cancelling?')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Cancel order' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Cancel this order?' });
    expect(within(dialog).getByTestId('cancel-confirm-text')).toHaveTextContent('Nothing was paid, so nothing goes back.');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel order' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]?.body).toEqual({ reason: '' });
  });

  it.each(['completed', 'expired', 'payment_failed', 'cancelled'])('offers no cancel on an order %s, which the server would refuse', async (status) => {
    serve({ ...order(), status });
    await openOrder();
    expect(screen.queryByRole('button', { name: 'Cancel order' })).toBeNull();
    expect(screen.queryByLabelText('Reason for cancelling')).toBeNull();
  });

  it('shows refunds as the processes record them: ordered, refunded, refused with the reason', async () => {
    serve(
      order({
        refunded: egp(10000),
        refund_pending: egp(5000),
        refunds: [
          { id: 'r-1', payment_id: 'pay-1', amount: egp(10000), reason: 'Late driver', at: '2026-11-23T09:00:00Z', status: 'issued' },
          { id: 'r-2', payment_id: 'pay-1', amount: egp(5000), reason: 'Water', at: '2026-11-23T09:30:00Z', status: 'in_progress' },
          { id: 'r-3', payment_id: 'pay-1', amount: egp(2000), reason: 'Snacks', at: '2026-11-23T10:00:00Z', status: 'failed', failure: 'card closed' },
        ],
      }),
    );
    const { money } = await openOrder();
    expect(within(money).getByTestId('refund-r-1')).toHaveTextContent('EGP 100 · refunded');
    expect(within(money).getByTestId('refund-r-1')).toHaveTextContent('11:00 (Cairo time)');
    expect(within(money).getByTestId('refund-r-2')).toHaveTextContent('EGP 50 · ordered, waiting for the provider');
    expect(within(money).getByTestId('refund-r-3')).toHaveTextContent('EGP 20 · refused: card closed');
    expect(within(money).getByTestId('refund-pending')).toHaveTextContent('On its way back: EGP 50.');
    // What can still go back leaves out what went back and what is on its way.
    expect(within(money).getByLabelText('All that can go back (EGP 1,581.20)')).toBeChecked();
  });

  it('flags money that differs, and accepts it only after a confirmation naming what came and what was asked', async () => {
    const sent = serve(
      order({
        status: 'awaiting_payment',
        paid: egp(100),
        needs_attention: true,
        attention: [{ reason: 'amount_mismatch', payment_id: 'pay-1', amount: egp(100), at: '2026-11-23T08:10:00Z' }],
        payments: [{ id: 'pay-1', purpose: 'order', provider: 'sandbox', amount: egp(173120), status: 'received', received: egp(100), refunded: egp(0), review: true }],
      }),
    );
    const { user, money } = await openOrder();
    expect(within(money).getByTestId('amount-mismatch')).toHaveTextContent('EGP 1 received, EGP 1,731.20 asked. The order stays unconfirmed');
    const accept = within(money).getByTestId('accept-form');
    await user.click(within(accept).getByRole('button', { name: 'Accept the payment' }));
    expect(await within(accept).findByText('This field is required.')).toBeInTheDocument();
    await user.type(within(accept).getByLabelText('Reason'), 'Paid the rest in cash');
    await user.click(within(accept).getByRole('button', { name: 'Accept the payment' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Accept a payment that differs?' });
    expect(dialog).toHaveTextContent('EGP 1 was received for order \u2068MSH-ABC234\u2069, which asked EGP 1,731.20.');
    expect(sent).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Accept the payment' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({ path: '/api/admin/orders/MSH-ABC234/accept-payment', body: { payment_id: 'pay-1', reason: 'Paid the rest in cash' } });
  });
});
