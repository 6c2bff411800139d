import { act, render, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';

import { useLocaleStore } from '@/stores/locale-store';

import type { AdminPaymentRow } from '../api/purchase-orders';

import { PageClosed } from './page-closed';
import { PaymentsTable } from './purchase-orders';

// A cancelled order's payment page is closed by a job (PaymentSessionClosed): staff read that it was
// closed, when (Cairo time, said so) and why, never "waiting for payment".

const row = (over: Partial<AdminPaymentRow> = {}): AdminPaymentRow => ({
  payment_id: 'pay-1',
  order_id: 'MSH-7K3Q9P',
  provider: 'sandbox',
  purpose: 'order',
  amount_minor: 77040,
  status: 'closed',
  captured_minor: 0,
  refunded_minor: 0,
  started_at: '2026-11-30T08:00:00Z',
  closed_at: '2026-11-30T09:05:00Z',
  close_outcome: 'closed',
  close_why: 'order_cancelled',
  notices: [],
  ...over,
});

beforeEach(() => {
  act(() => useLocaleStore.getState().setLanguage('en'));
});

describe('the payments audit, a payment whose page the shop closed', () => {
  it('says the page was closed, when on Cairo’s clock and that the order was cancelled (en)', () => {
    render(<PaymentsTable rows={[row()]} />);
    const status = within(screen.getByTestId('payments-audit')).getAllByRole('cell')[2] as HTMLElement;
    expect(status).toHaveTextContent('payment page closed');
    // 09:05 UTC is 11:05 in Cairo (UTC+2 in November).
    expect(within(status).getByTestId('page-closed')).toHaveTextContent(/^Payment page closed on .*11:05.* \(Cairo time\): the order was cancelled\. Its link takes no card\.$/);
    expect(status).not.toHaveTextContent(/waiting/i);
  });

  it('says it in Arabic, with no Latin word (ar)', () => {
    act(() => useLocaleStore.getState().setLanguage('ar'));
    render(<PaymentsTable rows={[row({ close_why: 'exchange_abandoned' })]} />);
    const closed = screen.getByTestId('page-closed');
    expect(closed).toHaveTextContent(/^أُغلقت صفحة الدفع في .+ \(بتوقيت القاهرة\): تُرك تغيير الحجز\. رابطها لا يقبل أي بطاقة\.$/);
    expect(closed.textContent).not.toMatch(/[A-Za-z]/);
  });

  it('leaves a payment no close was asked for as it was', () => {
    render(<PaymentsTable rows={[row({ status: 'pending', closed_at: null, close_outcome: '', close_why: '' })]} />);
    expect(screen.queryByTestId('page-closed')).toBeNull();
    expect(screen.getByTestId('payments-audit')).toHaveTextContent('waiting for the provider');
  });
});

describe('the admin order’s payment whose page the provider could not close', () => {
  it('says it stays payable until it lapses and that a late payment is refunded', () => {
    render(<PageClosed close={{ at: '2026-11-30T09:05:00Z', outcome: 'cannot_close', why: 'order_cancelled' }} />);
    const closed = screen.getByTestId('page-closed');
    expect(closed).toHaveAttribute('data-outcome', 'cannot_close');
    expect(closed).toHaveTextContent(/could not close the payment page \(.*11:05.* \(Cairo time\)\): the order was cancelled\. It stays payable until it lapses; a payment that still arrives is refunded in full\./);
  });
});
