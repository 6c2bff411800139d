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
  status: 'captured',
  captured_minor: 77040,
  refunded_minor: 0,
  started_at: '2026-11-30T08:00:00Z',
  notices: [{ kind: 'captured', notice_id: 'n-1', outcome: 'applied', reason: '', amount_minor: 77040, at: '2026-11-30T08:01:00Z' }],
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
      expect(notices).toHaveClass('payments-audit__none');
      expect(within(first).getAllByRole('cell').at(-1)).not.toHaveClass('payments-audit__none');
    });
  }
});
