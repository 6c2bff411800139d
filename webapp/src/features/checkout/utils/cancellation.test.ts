import { describe, expect, it } from 'vitest';

import { cairoInstant, cancellationFor } from './cancellation';

const policy = { free_cancellation_hours: 24, late_refund_percent: 50 };

describe('cairoInstant', () => {
  it('reads a time on Cairo clock in winter (UTC+2) and in summer time (UTC+3)', () => {
    expect(cairoInstant('2026-12-01', '09:00')?.toISOString()).toBe('2026-12-01T07:00:00.000Z');
    expect(cairoInstant('2026-07-01', '09:00')?.toISOString()).toBe('2026-07-01T06:00:00.000Z');
  });

  it('has no instant for a date or time that is not one', () => {
    expect(cairoInstant('', '09:00')).toBeNull();
    expect(cairoInstant('2026-12-01', '')).toBeNull();
    expect(cairoInstant('1 Dec', '9am')).toBeNull();
  });
});

describe('cancellationFor (the server rule, Cancellation.RefundShare)', () => {
  const start = new Date('2026-12-02T07:00:00Z');

  it('is free until the free-cancellation hours before the start, the deadline itself included', () => {
    const terms = cancellationFor(policy, start, new Date('2026-11-30T10:00:00Z'));
    expect(terms).toEqual({ kind: 'free', freeUntil: new Date('2026-12-01T07:00:00Z'), latePercent: 50 });
    expect(cancellationFor(policy, start, new Date('2026-12-01T07:00:00Z')).kind).toBe('free');
  });

  it('refunds only the late share when the start is less than the free-cancellation hours away', () => {
    expect(cancellationFor(policy, start, new Date('2026-12-01T07:00:01Z'))).toEqual({ kind: 'late', freeUntil: new Date('2026-12-01T07:00:00Z'), percent: 50 });
    expect(cancellationFor({ free_cancellation_hours: 48, late_refund_percent: 25 }, start, new Date('2026-11-30T12:00:00Z'))).toMatchObject({ kind: 'late', percent: 25 });
  });

  it('refunds nothing once the trip has started', () => {
    expect(cancellationFor(policy, start, start)).toEqual({ kind: 'started' });
  });
});
