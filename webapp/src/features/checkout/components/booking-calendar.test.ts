import { describe, expect, it } from 'vitest';

import { pickupTimes } from './booking-calendar';

describe('pickup times', () => {
  it('offers every step from the earliest to the latest pickup of the day', () => {
    const day = { date: '2026-11-18', status: 'available' as const, capacity: 2, taken: 0, earliest: '09:15', latest: '10:15' };
    expect(pickupTimes(day, 15)).toEqual(['09:15', '09:30', '09:45', '10:00', '10:15']);
  });
  it('offers nothing on a day that cannot be booked', () => {
    expect(pickupTimes({ date: '2026-11-18', status: 'blocked', capacity: 1, taken: 1 })).toEqual([]);
    expect(pickupTimes(undefined)).toEqual([]);
  });
});
