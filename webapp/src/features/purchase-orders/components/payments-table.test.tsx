import { act, render, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';

import { i18n } from '@/lib/i18n';
import { useLocaleStore } from '@/stores/locale-store';

import type { AdminPaymentRow } from '../api/purchase-orders';

import { PaymentsTable } from './purchase-orders';

const row = (over: Partial<AdminPaymentRow> = {}): AdminPaymentRow => ({
  payment_id: 'pay-1',
  order_id: 'MSH-7K3Q9P',
  provider: 'sandbox',
  purpose: 'order',
  amount_minor: 77040,
  status: 'succeeded',
  captured_minor: 77040,
  refunded_minor: 0,
  started_at: '2026-11-30T08:00:00Z',
  notices: [{ kind: 'succeeded', notice_id: 'n-1', outcome: 'succeeded', reason: '', amount_minor: 77040, at: '2026-11-30T08:01:00Z' }],
  ...over,
});

beforeEach(() => {
  act(() => useLocaleStore.getState().setLanguage('en'));
});

describe('the payments audit on a phone', () => {
  for (const lang of ['en', 'ar'] as const) {
    it(`names every column of a payment beside its value, so each row reads as a card (${lang})`, () => {
      act(() => useLocaleStore.getState().setLanguage(lang));
      render(<PaymentsTable rows={[row(), row({ payment_id: 'pay-2', order_id: 'MSH-AAAAAA', notices: [] })]} />);
      const rows = within(screen.getByTestId('payments-audit')).getAllByRole('row');
      const first = rows[1] as HTMLElement;
      const second = rows[2] as HTMLElement;
      // The order is the card's title; the other cells carry their column's name.
      expect(within(first).getByRole('rowheader')).toHaveTextContent('MSH-7K3Q9P');
      const labels = within(first)
        .getAllByRole('cell')
        .map((cell) => cell.getAttribute('data-label'));
      expect(labels).toEqual([i18n.t('purchaseOrders.provider'), i18n.t('purchaseOrders.amount'), i18n.t('purchaseOrders.status'), i18n.t('purchaseOrders.notices')]);
      expect(labels.every((label) => label && !label.startsWith('purchaseOrders.'))).toBe(true);
      // A payment with no notices leaves that line out of its card, not an empty labelled line.
      const notices = within(second).getAllByRole('cell').at(-1);
      expect(notices).toHaveClass('table-cards__none');
      expect(within(first).getAllByRole('cell').at(-1)).not.toHaveClass('table-cards__none');
    });
  }
});

const notice = (kind: string, reason = '') => ({ kind, notice_id: `n-${kind}-${reason}`, outcome: kind === 'refunded' ? 'refund' : 'failed', reason, amount_minor: 0, at: '2026-11-30T08:01:00Z' });

/** The table's words outside the order numbers and outside the codes it isolates (<bdi>). */
function wordsOutsideCodes(table: HTMLElement): string {
  const copy = table.cloneNode(true) as HTMLElement;
  for (const el of copy.querySelectorAll('bdi, th[scope="row"]')) el.remove();
  return copy.textContent;
}

describe('the payments audit’s words for what the server sends', () => {
  // Every status a payment has and every kind of notice it receives (projections/orders applyPayment),
  // with the reasons domain/payment, domain/order and the providers' adapters give.
  const everything = [
    row({ status: 'pending', notices: [] }),
    row({ payment_id: 'pay-2', status: 'succeeded', notices: [notice('succeeded'), notice('ignored', 'already_succeeded'), notice('ignored', 'another_capture'), notice('refunded', 'cancellation')] }),
    row({ payment_id: 'pay-3', status: 'failed', provider: 'paymob', purpose: 'exchange', notices: [notice('declined', 'card_declined'), notice('declined', 'expired'), notice('ignored', 'already_failed'), notice('ignored', 'unknown_outcome')] }),
    row({ payment_id: 'pay-4', provider: 'stripe', notices: [notice('refunded', 'paid_after_cancellation'), notice('refunded', 'paid_for_abandoned_exchange'), notice('refunded', 'exchange')] }),
  ];

  it('reads every status, notice and reason in Arabic words, with no code left bare', () => {
    act(() => useLocaleStore.getState().setLanguage('ar'));
    render(<PaymentsTable rows={everything} />);
    const table = screen.getByTestId('payments-audit');
    expect(table.querySelectorAll('bdi')).toHaveLength(0);
    expect(wordsOutsideCodes(table)).not.toMatch(/[a-z]{3,}/i);
    expect(table).toHaveTextContent('في انتظار مزود الدفع');
    expect(table).toHaveTextContent('مدفوع');
  });

  it('reads every status, notice and reason in English words, not as codes', () => {
    render(<PaymentsTable rows={everything} />);
    const text = screen.getByTestId('payments-audit').textContent;
    expect(screen.getByTestId('payments-audit').querySelectorAll('bdi')).toHaveLength(0);
    expect(text).not.toMatch(/\b(pending|succeeded|already_succeeded|unknown_outcome|card_declined|paid_after_cancellation|paymob)\b/);
  });

  for (const lang of ['en', 'ar'] as const) {
    it(`names a status, a notice or a reason it does not know as another one, with the provider’s code isolated beside it (${lang})`, () => {
      act(() => useLocaleStore.getState().setLanguage(lang));
      // Paymob's own decline message becomes the reason (adapters/payments); a status or kind the
      // server may add later.
      render(<PaymentsTable rows={[row({ status: 'captured', provider: 'paytabs', purpose: 'deposit', notices: [notice('captured'), notice('declined', 'do_not_honor')] })]} />);
      const table = screen.getByTestId('payments-audit');
      const codes = [...table.querySelectorAll('bdi')].map((el) => el.textContent);
      expect(codes.sort()).toEqual(['captured', 'captured', 'deposit', 'do_not_honor', 'paytabs']);
      const t = (key: string) => i18n.t(`purchaseOrders.codes.unknown.${key}`, { lng: lang, code: '' }).replace(/<\/?code>/g, '').replace(/[:：،,]?\s*$/, '').trim();
      for (const group of ['paymentStatus', 'noticeKind', 'noticeReason', 'provider', 'purpose']) expect(table).toHaveTextContent(t(group));
      if (lang === 'ar') expect(wordsOutsideCodes(table)).not.toMatch(/[a-z]{3,}/i);
    });
  }

  it('shows a refund reason staff wrote in their own words as they wrote it', () => {
    act(() => useLocaleStore.getState().setLanguage('ar'));
    render(<PaymentsTable rows={[row({ notices: [notice('refunded', 'تغيرت الخطط')] })]} />);
    expect(screen.getByTestId('payments-audit')).toHaveTextContent('(تغيرت الخطط)');
  });
});
