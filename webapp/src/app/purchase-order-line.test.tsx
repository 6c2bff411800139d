import { act, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { useLocaleStore } from '@/stores/locale-store';
import { renderApp } from '@/testing/render-app';
import { setTestSession } from '@/testing/session';

// A purchase order's line under its number: the traveller, the trip's date and Cairo time, and when
// the order was placed, each saying what it is.
const admin = { id: '1', first_name: 'Hoda', last_name: 'Fahmy', email: 'admin@example.com', phone_number: null, role: 'admin' };
const egp = (minor: number) => ({ amount: minor / 100, minor, currency: 'EGP' });
const order = {
  id: 'MSH-ABC234',
  status: 'confirmed',
  source: 'web',
  // 23:30 UTC on 22 November is 23 November in Cairo.
  placed_at: '2026-11-22T23:30:00Z',
  contact: { first_name: 'Salma', last_name: 'Nabil' },
  trip: { date: '2026-11-30', time: '09:00', pickup: { name: 'Mena House' }, stops: [] },
  total: egp(173120),
  paid: egp(173120),
  refunded: egp(0),
  owed: egp(0),
  refund_pending: egp(0),
  needs_attention: false,
  attention: [],
  refund_requests: [],
  payments: [],
  refunds: [],
};

beforeEach(() => {
  setTestSession(admin);
  const json = (body: unknown) => Promise.resolve(new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } }));
  vi.stubGlobal('fetch', (input: string) => {
    const path = new URL(input, 'http://app.test').pathname;
    if (path === '/api/me') return json({ data: admin });
    if (path === '/api/auth/getadmin') return json(admin);
    if (path === '/api/admin/orders') return json({ data: [order], total: 1 });
    return Promise.resolve(new Response(JSON.stringify({ message: 'Forbidden' }), { status: 403, headers: { 'Content-Type': 'application/json' } }));
  });
});
afterEach(() => {
  setTestSession(null);
  vi.unstubAllGlobals();
});

describe('a purchase order’s line', () => {
  it.each([
    ['en', 'Salma Nabil · 30 Nov 2026 09:00 (Cairo time) · placed 23 Nov 2026'],
    ['ar', 'Salma Nabil، ٣٠\u200f/١١\u200f/٢٠٢٦ ٩:٠٠ ص (بتوقيت القاهرة)، طُلب في ٢٣\u200f/١١\u200f/٢٠٢٦'],
  ] as const)('says when the order was placed, apart from the trip’s date (%s)', async (lang, line) => {
    act(() => useLocaleStore.getState().setLanguage(lang));
    renderApp('/admin/purchase_order');
    const number = await screen.findByRole('button', { name: 'MSH-ABC234' });
    const text = number.closest('.order-list__main')?.querySelector('p')?.textContent ?? '';
    expect(text.replace(/[\u2068\u2069]/g, '').replace(/\s+/g, ' ')).toBe(line);
  });
});
