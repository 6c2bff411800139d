import { describe, expect, it } from 'vitest';

import ar from '@/locales/ar/admin.json';
import en from '@/locales/en/admin.json';

import { refundRequestLines } from './refund-requests';

const late = { reason: 'Driver was late by an hour', amount: { amount: 300, currency: 'EGP' }, at: '2026-12-14T12:00:00Z' };

describe('a refund request on an order row', () => {
  it('waits while the order says so', () => {
    expect(refundRequestLines({ refund_requests: [late], refund_request_open: true })).toEqual([{ request: late, waiting: true }]);
  });

  it('reads as answered once a refund or a cancellation followed', () => {
    expect(refundRequestLines({ refund_requests: [late], refund_request_open: false })).toEqual([{ request: late, waiting: false }]);
  });

  it('is only ever the last request that waits', () => {
    const again = { ...late, at: '2026-12-15T12:00:00Z' };
    expect(refundRequestLines({ refund_requests: [late, again], refund_request_open: true }).map((l) => l.waiting)).toEqual([false, true]);
  });

  it('has words for an answered request in both languages', () => {
    expect(en.purchaseOrders.refundRequestAnswered).toMatch(/answered/);
    expect(ar.purchaseOrders.refundRequestAnswered).toContain('{{amount}}');
  });
});
