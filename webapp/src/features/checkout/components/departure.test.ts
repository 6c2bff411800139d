import { describe, expect, it } from 'vitest';

import { departureOf } from './checkout-form';
import { timeOptions } from './pickup-time-select';

describe('departureOf', () => {
  it('joins the chosen date and time into the cart departure', () => {
    expect(departureOf('2026-12-01', '14:30')).toBe('2026-12-01T14:30');
  });

  it('has no departure until both are chosen', () => {
    expect(departureOf('', '14:30')).toBeNull();
    expect(departureOf('2026-12-01', '')).toBeNull();
    expect(departureOf('1 Dec', '2pm')).toBeNull();
  });
});

describe('pickup time options', () => {
  it('offers exactly the times the server says fit, labelled for the reader', () => {
    const pickup = { date: '2026-12-01', status: 'available' as const, time_zone: 'Africa/Cairo', times: [{ time: '09:00', finish: '2026-12-01T16:00:00+02:00' }, { time: '09:15', finish: '2026-12-01T16:15:00+02:00' }] };
    expect(timeOptions(pickup, (hhmm) => `at ${hhmm}`)).toEqual([
      { value: '09:00', label: 'at 09:00' },
      { value: '09:15', label: 'at 09:15' },
    ]);
  });

  it('offers nothing until the times are known, or when none fits', () => {
    expect(timeOptions(undefined, String)).toEqual([]);
    expect(timeOptions({ date: '2026-12-01', status: 'available', times: [], message: 'No pickup time on this day fits your trip.' }, String)).toEqual([]);
  });
});
