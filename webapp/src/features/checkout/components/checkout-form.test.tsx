import { act, render, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';

import { phoneParts } from '@/lib/phone';
import { useLocaleStore } from '@/stores/locale-store';

import type { OrderSettings } from '../api/get-order-settings';

import { CancellationTerms, startingValues } from './checkout-form';

const empty = { rate_id: '', date: '', time: '', phone_region: 'EG', phone_number: '', comments: '', terms: false };

describe('the checkout draft', () => {
  it('restores the rate plan, day, time and comments the traveller entered over the defaults', () => {
    const draft = { rate_id: 'rp-1', date: '2026-12-02', time: '10:00', comments: 'Wheelchair', terms: true };
    expect(startingValues(empty, draft, '2026-11-30')).toEqual({ ...empty, ...draft });
  });

  it('does not restore a day already past in Cairo, nor its time', () => {
    const values = startingValues(empty, { rate_id: 'rp-1', date: '2026-11-29', time: '10:00', comments: 'Hi' }, '2026-11-30');
    expect(values).toMatchObject({ rate_id: 'rp-1', date: '', time: '', comments: 'Hi' });
  });

  it('shows a draft number saved with its country key as the key and the national part', () => {
    expect(startingValues(empty, { phone_region: 'EG', phone_number: '+971501234567' }, '2026-11-30')).toMatchObject({ phone_region: 'AE', phone_number: '050 123 4567' });
  });
});

describe('the phone number at checkout', () => {
  it('splits an international number into its country and the national part', () => {
    expect(phoneParts('+201001234567')).toEqual({ phone_region: 'EG', phone_number: '010 01234567' });
    expect(phoneParts('+447400123456')).toEqual({ phone_region: 'GB', phone_number: '07400 123456' });
  });

  it('keeps a number typed without its country key as it is, under the region given', () => {
    expect(phoneParts('01001234567')).toEqual({ phone_region: 'EG', phone_number: '01001234567' });
    expect(phoneParts('0501234567', 'AE')).toEqual({ phone_region: 'AE', phone_number: '0501234567' });
    expect(phoneParts(null)).toEqual({ phone_region: 'EG', phone_number: '' });
  });
});

const rules: OrderSettings = {
  lead_hours: 12, window_days: 180, hold_minutes: 30, free_cancellation_hours: 24, late_refund_percent: 50, provider: 'sandbox', time_step_minutes: 15,
};

describe('the cancellation terms at checkout', () => {
  beforeEach(() => {
    act(() => useLocaleStore.getState().setLanguage('en'));
  });

  it('shows the general policy until a date and time are chosen', () => {
    render(<CancellationTerms rules={rules} date="2026-12-02" time="" now={new Date('2026-11-30T10:00:00Z')} />);
    expect(screen.getByText(/Cancelling is free until 24 hours before the start; after that 50% is refunded/)).toBeInTheDocument();
  });

  it('says until when cancelling is free for the chosen start, in Cairo time and labelled', () => {
    render(<CancellationTerms rules={rules} date="2026-12-02" time="09:00" now={new Date('2026-11-30T10:00:00Z')} />);
    expect(screen.getByText(/cancelling is free until Tuesday, 1 December 2026 at 09:00 \(Cairo time\); after that 50% is refunded/)).toBeInTheDocument();
  });

  it('says free cancellation has passed and only the late share is refunded for a start less than 24 hours away', () => {
    render(<CancellationTerms rules={rules} date="2026-12-01" time="09:00" now={new Date('2026-11-30T10:00:00Z')} />);
    const text = screen.getByText(/free cancellation has already passed: cancelling refunds 50% of what you paid/);
    expect(text).toHaveAttribute('data-terms', 'late');
    expect(text.textContent).not.toMatch(/free until/);
  });

  it('writes the terms in Arabic with Arabic digits and the Cairo label', () => {
    act(() => useLocaleStore.getState().setLanguage('ar'));
    const { unmount } = render(<CancellationTerms rules={rules} date="2026-12-02" time="09:00" now={new Date('2026-11-30T10:00:00Z')} />);
    const free = screen.getByText(/الإلغاء مجاني حتى/);
    expect(free.textContent).toContain('(بتوقيت القاهرة)');
    expect(free.textContent).toContain('٥٠٪');
    expect(free.textContent).not.toMatch(/[0-9]/);
    unmount();
    render(<CancellationTerms rules={rules} date="2026-12-01" time="09:00" now={new Date('2026-11-30T10:00:00Z')} />);
    expect(screen.getByText(/انتهت مهلة الإلغاء المجاني/).textContent).toContain('٢٤');
  });

  // The traveller's case: at 22:48 on 29 November, a start at 11:00 on 30 November (about 12 hours away).
  const withCutoff: OrderSettings = { ...rules, change_cutoff_hours: 24 };
  const lateNow = new Date('2026-11-29T20:48:00Z');

  it.each([
    ['en', /cancelling refunds 50% of what you paid\. Once booked, this trip can no longer be changed: changes close 24 hours before the start\./],
    ['ar', /الإلغاء يسترد ٥٠٪ مما دفعته\. بعد الحجز لا يمكن تعديل هذه الرحلة: يتوقف التعديل قبل البدء بـ٢٤ ساعة\./],
  ] as const)('says, for a start inside the free window, only the late share comes back and the trip cannot be changed (%s)', (language, want) => {
    act(() => useLocaleStore.getState().setLanguage(language));
    render(<CancellationTerms rules={withCutoff} date="2026-11-30" time="11:00" now={lateNow} />);
    const text = screen.getByText(want);
    expect(text).toHaveAttribute('data-terms', 'late');
    expect(text).toHaveAttribute('data-change', 'false');
    expect(text.textContent).not.toMatch(/free until|مجاني حتى/);
  });

  it.each([
    ['en', /cancelling is free until Tuesday, 1 December 2026 at 11:00 \(Cairo time\); after that 50% is refunded\. You can change the booked trip until Tuesday, 1 December 2026 at 11:00 \(Cairo time\)\./],
    ['ar', /الإلغاء مجاني حتى .*\(بتوقيت القاهرة\)، وبعد ذلك يُسترد ٥٠٪\. يمكنك تعديل الرحلة المحجوزة حتى .*\(بتوقيت القاهرة\)\./],
  ] as const)('says, for a start outside the free window, until when cancelling is free and the trip can be changed (%s)', (language, want) => {
    act(() => useLocaleStore.getState().setLanguage(language));
    render(<CancellationTerms rules={withCutoff} date="2026-12-02" time="11:00" now={lateNow} />);
    const text = screen.getByText(want);
    expect(text).toHaveAttribute('data-terms', 'free');
    expect(text).toHaveAttribute('data-change', 'true');
  });

  it('uses the server’s own numbers: a 48-hour window with a quarter back', () => {
    render(<CancellationTerms rules={{ ...withCutoff, free_cancellation_hours: 48, late_refund_percent: 25, change_cutoff_hours: 48 }} date="2026-12-01" time="11:00" now={lateNow} />);
    expect(screen.getByText(/less than 48 hours away.*cancelling refunds 25%.*changes close 48 hours before the start/)).toHaveAttribute('data-terms', 'late');
  });
});
