import { describe, expect, it } from 'vitest';

import { addMonths, cairoToday, clockTimes, dayInRange, daysInMonth, monthStart } from './cairo-day';

describe('cairo days', () => {
  it('takes today from Cairo’s clock, not the browser’s', () => {
    // 22:30 UTC on 30 November is already 1 December in Cairo (UTC+2).
    expect(cairoToday(new Date('2026-11-30T22:30:00Z'))).toBe('2026-12-01');
    expect(cairoToday(new Date('2026-11-30T21:30:00Z'))).toBe('2026-11-30');
  });

  it('steps months across a year end and counts their days', () => {
    expect(monthStart('2026-12-17')).toBe('2026-12-01');
    expect(addMonths('2026-12-01', 1)).toBe('2027-01-01');
    expect(addMonths('2027-01-01', -1)).toBe('2026-12-01');
    expect(daysInMonth('2028-02-01')).toBe(29);
    expect(daysInMonth('2026-02-01')).toBe(28);
    expect(daysInMonth('2026-11-01')).toBe(30);
  });

  it('keeps a day within optional bounds, both ends included', () => {
    expect(dayInRange('2026-11-26', '2026-11-26')).toBe(true);
    expect(dayInRange('2026-11-25', '2026-11-26')).toBe(false);
    expect(dayInRange('2026-12-31', undefined, '2026-12-31')).toBe(true);
    expect(dayInRange('2027-01-01', undefined, '2026-12-31')).toBe(false);
    expect(dayInRange('1999-01-01')).toBe(true);
  });

  it('lists a day’s times every quarter hour', () => {
    const times = clockTimes(15);
    expect(times).toHaveLength(96);
    expect(times[0]).toBe('00:00');
    expect(times[1]).toBe('00:15');
    expect(times.at(-1)).toBe('23:45');
  });
});
