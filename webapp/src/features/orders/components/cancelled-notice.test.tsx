import { QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { beforeEach, describe, expect, it } from 'vitest';

import { createQueryClient } from '@/lib/query-client';
import { useLocaleStore } from '@/stores/locale-store';

import type { Order } from '../api/types';
import { CancelledNotice } from './cancelled-notice';

const money = (amount: number) => ({ amount, minor: Math.round(amount * 100), currency: 'EGP' });

function order(over: Partial<Order>): Order {
  return {
    status: 'cancelled',
    paid: money(380),
    refunded: money(0),
    refunds: [],
    cancelled: { reason: 'Car broke down, no replacement', free: false, refund_due: money(0), at: '2026-12-02T10:30:00Z', by_staff: true, underway: true },
    ...over,
  } as Order;
}

function show(o: Order) {
  render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter>
        <CancelledNotice order={o} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return screen.getByTestId('cancelled-notice');
}

beforeEach(() => act(() => useLocaleStore.getState().setLanguage('en')));

describe("a cancelled order's notice", () => {
  it('says in Arabic that the office cancelled the started trip, quotes its note as its words, and that no refund comes with it', () => {
    act(() => useLocaleStore.getState().setLanguage('ar'));
    const notice = show(order({}));
    expect(notice).toHaveTextContent('أوقف مكتبنا هذه الرحلة وألغاها بعد بدئها');
    expect(notice).toHaveTextContent('(بتوقيت القاهرة)');
    expect(screen.getByTestId('cancelled-office-note')).toHaveTextContent('ملاحظة المكتب، بكلماته:');
    expect(screen.getByTestId('cancelled-office-note')).toHaveTextContent('Car broke down, no replacement');
    expect(screen.getByTestId('cancelled-money')).toHaveTextContent('لا يصحب هذا الإلغاءَ أي استرداد');
  });

  it("says the office's cancellation and the refund with its state", () => {
    const notice = show(
      order({
        cancelled: { reason: 'No driver available', free: true, refund_due: money(380), at: '2026-12-02T10:30:00Z', by_staff: true, initiated_by: 'business' },
        refunds: [{ id: 'r1', amount: money(380), reason: 'cancellation', at: '2026-12-02T10:30:00Z', status: 'in_progress' }],
      }),
    );
    expect(notice).toHaveTextContent('Our office cancelled this trip on');
    expect(screen.getByTestId('cancelled-refund')).toHaveTextContent('380');
    expect(screen.getByTestId('cancelled-refund')).toHaveTextContent('being refunded to your card: it is on its way.');
  });

  it('says a refund was sent, and never shows the traveller their own reason as an office note', () => {
    show(
      order({
        cancelled: { reason: 'plans changed', free: true, refund_due: money(380), at: '2026-12-02T10:30:00Z', by_staff: false, initiated_by: 'traveller' },
        refunded: money(380),
        refunds: [{ id: 'r1', amount: money(380), reason: 'cancellation', at: '2026-12-02T10:31:00Z', status: 'issued' }],
      }),
    );
    expect(screen.getByTestId('cancelled-notice')).toHaveTextContent('You cancelled this trip on');
    expect(screen.getByTestId('cancelled-refund')).toHaveTextContent('refunded to your card.');
    expect(screen.queryByTestId('cancelled-office-note')).toBeNull();
  });

  it('says nothing was paid when nothing was', () => {
    show(order({ paid: money(0), cancelled: { reason: '', free: true, refund_due: money(0), at: '2026-12-02T10:30:00Z', by_staff: false } }));
    expect(screen.getByTestId('cancelled-money')).toHaveTextContent('Nothing was paid, so there is nothing to refund.');
  });
});
