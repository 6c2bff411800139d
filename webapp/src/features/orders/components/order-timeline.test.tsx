import { act, render, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';

import arSite from '@/locales/ar/site.json';
import enSite from '@/locales/en/site.json';
import { useLocaleStore } from '@/stores/locale-store';

import { OrderTimeline } from './order-timeline';

const entries = [{ type: 'OrderPlaced', at: '2026-11-28T10:20:00Z', actor_role: 'traveller', data: {} }];

// Every event the server writes into a trip's timeline (projections/orders: onOrder and onEnquiry, by
// the names commands/orders/events.go registers them under).
const TIMELINE_EVENTS = [
  'OrderPlaced', 'PaymentRequested', 'PaymentReceived', 'PaymentFailed', 'OrderExpired', 'OrderNeedsAttention', 'OrderCancelled',
  'RefundRequested', 'RefundIssued', 'RefundFailed', 'ExchangeRequested', 'OrderExchanged', 'ExchangeAbandoned', 'OrderTripStarted',
  'OrderTripCompleted', 'OrderCompleted', 'PaymentSessionOrdered', 'PaymentSessionFailed', 'PaymentAccepted', 'RefundOrdered',
  'OrderHeldAgain', 'EnquirySubmitted', 'EnquiryQuoted', 'EnquiryDeclined', 'EnquiryConverted',
];

beforeEach(() => act(() => useLocaleStore.getState().setLanguage('en')));

describe('what happened to the order', () => {
  it('says when, in Cairo time, labelled as such', () => {
    render(<OrderTimeline entries={entries} />);
    const when = screen.getByTestId('order-timeline').querySelector('time');
    expect(when).toHaveAttribute('dateTime', '2026-11-28T10:20:00Z');
    expect(when).toHaveTextContent('28 Nov 2026, 12:20 (Cairo time)');
  });

  it('labels it in Arabic too', () => {
    act(() => useLocaleStore.getState().setLanguage('ar'));
    render(<OrderTimeline entries={entries} />);
    expect(screen.getByTestId('order-timeline').querySelector('time')).toHaveTextContent(/٢٨.*١٢:٢٠.*\(بتوقيت القاهرة\)$/);
  });

  it('has words for every event the server puts in a timeline, in both languages', () => {
    for (const [lang, site] of [['en', enSite], ['ar', arSite]] as const) {
      const words: Record<string, string> = site.orders.timeline;
      expect(TIMELINE_EVENTS.filter((type) => !words[type]), lang).toEqual([]);
    }
  });

  it('names a car held again after a failed payment', () => {
    render(<OrderTimeline entries={[{ type: 'OrderHeldAgain', at: '2026-11-29T07:05:00Z', actor_role: 'traveller', data: { previous_status: 'payment_failed' } }]} />);
    expect(screen.getByTestId('order-timeline')).toHaveTextContent('Car held again for payment');
    expect(screen.getByTestId('order-timeline')).not.toHaveTextContent('OrderHeldAgain');
  });

  it('sets an amount and a reason apart with the Arabic comma in Arabic, never a middle dot that reads as zero', () => {
    const paid = [
      { type: 'PaymentReceived', at: '2026-11-29T07:05:00Z', actor_role: 'traveller', data: { amount: { minor: 120480, currency: 'EGP' } } },
      { type: 'PaymentFailed', at: '2026-11-29T07:06:00Z', actor_role: 'system', data: { reason: 'Card declined' } },
    ];
    act(() => useLocaleStore.getState().setLanguage('ar'));
    render(<OrderTimeline entries={paid} />);
    const [received, failed] = screen.getByTestId('order-timeline').querySelectorAll('.timeline__text');
    expect(received?.textContent).toMatch(/^.+، \u200f?١٬٢٠٤٫٨٠\sج\.م/);
    expect(failed?.textContent).toMatch(/^.+، Card declined$/);
    expect(screen.getByTestId('order-timeline').textContent).not.toContain('·');
  });

  it('keeps the middle dot between what happened and its amount in English', () => {
    render(<OrderTimeline entries={[{ type: 'PaymentReceived', at: '2026-11-29T07:05:00Z', actor_role: 'traveller', data: { amount: { minor: 120480, currency: 'EGP' } } }]} />);
    expect(screen.getByTestId('order-timeline').querySelector('.timeline__text')?.textContent).toMatch(/^Payment received · EGP\s1,204\.80$/);
  });

  it('never shows an event type or a reason code it has no words for', () => {
    const unknown = [
      { type: 'OrderReboundSomehow', at: '2026-11-29T07:05:00Z', actor_role: 'system', data: {} },
      { type: 'OrderNeedsAttention', at: '2026-11-29T07:06:00Z', actor_role: 'system', data: { reason: 'paid_without_capacity' } },
      { type: 'OrderCancelled', at: '2026-11-29T07:07:00Z', actor_role: 'traveller', data: { reason: 'Plans changed' } },
    ];
    render(<OrderTimeline entries={unknown} />);
    const timeline = screen.getByTestId('order-timeline');
    expect(timeline).toHaveTextContent('Trip updated');
    expect(timeline).not.toHaveTextContent('OrderReboundSomehow');
    expect(timeline).not.toHaveTextContent('paid_without_capacity');
    expect(timeline).toHaveTextContent('Plans changed');
    act(() => useLocaleStore.getState().setLanguage('ar'));
    expect(timeline).toHaveTextContent('تحديث على الرحلة');
  });

  it('says which way a change moved money: paid, to pay, or to be refunded, never a bare amount', () => {
    const changes = [
      { type: 'ExchangeRequested', at: '2026-11-29T07:05:00Z', actor_role: 'traveller', data: { difference: { minor: 25460, currency: 'EGP' } } },
      { type: 'OrderExchanged', at: '2026-11-29T07:06:00Z', actor_role: 'traveller', data: { difference: { minor: 25460, currency: 'EGP' } } },
      { type: 'OrderExchanged', at: '2026-11-29T07:07:00Z', actor_role: 'traveller', data: { difference: { minor: -82040, currency: 'EGP' } } },
      { type: 'OrderExchanged', at: '2026-11-29T07:08:00Z', actor_role: 'traveller', data: { difference: { minor: 0, currency: 'EGP' } } },
    ];
    render(<OrderTimeline entries={changes} />);
    const lines = () => [...screen.getByTestId('order-timeline').querySelectorAll('.timeline__text')].map((line) => line.textContent);
    expect(lines()).toEqual([
      expect.stringMatching(/^Change requested · EGP\s254\.60 to pay$/),
      expect.stringMatching(/^Trip changed · EGP\s254\.60 paid$/),
      expect.stringMatching(/^Trip changed · EGP\s820\.40 to be refunded to you$/),
      'Trip changed · same price',
    ]);
    act(() => useLocaleStore.getState().setLanguage('ar'));
    expect(lines()).toEqual([
      expect.stringMatching(/^.+، يُدفع \u200f?٢٥٤٫٦٠\sج\.م/),
      expect.stringMatching(/^.+، دُفع \u200f?٢٥٤٫٦٠\sج\.م/),
      expect.stringMatching(/^.+، يُسترد لك \u200f?٨٢٠٫٤٠\sج\.م/),
      expect.stringMatching(/^.+، بالسعر نفسه$/),
    ]);
  });
});
