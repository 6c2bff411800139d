import { describe, expect, it } from 'vitest';

import { formatCalendarDate, formatClock, formatDate, formatDuration, formatHours } from './format';

// The test run's own time zone is not Cairo's (see the e2e suite for a browser elsewhere); these
// instants must still read as Cairo's clock.
describe('formatDate', () => {
  it('shows an instant on Cairo’s clock whatever the browser’s time zone', () => {
    // 07:30 UTC on 1 December is 09:30 in Cairo (UTC+2 in winter).
    expect(formatDate('2026-12-01T07:30:00Z', 'en', { timeStyle: 'short' })).toBe('09:30');
    // 22:30 UTC on 30 November is already 1 December in Cairo.
    expect(formatDate('2026-11-30T22:30:00Z', 'en', { dateStyle: 'medium' })).toBe('1 Dec 2026');
  });

  it('keeps a time zone the caller names', () => {
    expect(formatDate('2026-12-01T12:00:00Z', 'en', { dateStyle: 'medium', timeZone: 'UTC' })).toBe('1 Dec 2026');
    expect(formatDate('2026-12-01T07:30:00Z', 'en', { timeStyle: 'short', timeZone: 'UTC' })).toBe('07:30');
  });
});

describe('formatCalendarDate', () => {
  it('writes a calendar day the way the page’s language does, never as month/day/year', () => {
    expect(formatCalendarDate('2026-11-23', 'en')).toBe('23 Nov 2026');
    const arabic = formatCalendarDate('2026-11-23', 'ar');
    expect(arabic).toContain('٢٠٢٦');
    expect(arabic).not.toMatch(/11\/23\/2026/);
    expect(arabic).toBe(formatDate('2026-11-23T12:00:00Z', 'ar', { dateStyle: 'medium' }));
  });

  it('keeps the day given, whatever the time zone', () => {
    expect(formatCalendarDate('2026-12-31', 'en', { day: 'numeric', month: 'long' })).toBe('31 December');
  });

  it('leaves text that is no calendar day as it is', () => {
    expect(formatCalendarDate('soon', 'en')).toBe('soon');
  });
});

describe('lengths of time', () => {
  it.each([
    [0.75, '45 minutes', '٤٥ دقيقة'],
    [1.25, '1 hour, 15 minutes', 'ساعة و١٥ دقيقة'],
    [2, '2 hours', 'ساعتان'],
    [1.5, '1 hour, 30 minutes', 'ساعة و٣٠ دقيقة'],
    [8, '8 hours', '٨ ساعات'],
  ])('writes %s h in hours and minutes, never a decimal hour', (hours, en, ar) => {
    expect(formatHours(hours, 'en')).toBe(en);
    expect(formatHours(hours, 'ar')).toBe(ar);
  });

  it('adds up: the visits shown make the waiting time priced', () => {
    // 0.75 h + 1.25 h was shown as 0.8 + 1.3 = 2.1 hours beside a waiting time of 2 hours.
    expect(formatHours(0.75 + 1.25, 'en')).toBe('2 hours');
  });

  it('rounds minutes to whole minutes', () => {
    expect(formatDuration(74.6, 'en')).toBe('1 hour, 15 minutes');
    expect(formatDuration(0.2, 'en')).toBe('0 minutes');
    expect(formatDuration(135, 'ar')).not.toMatch(/[0-9]/);
  });
});

describe('formatClock', () => {
  // 07:00 and 15:05 UTC on 1 December are 09:00 and 17:05 in Cairo (UTC+2 in winter).
  it.each([
    ['09:00', '2026-12-01T07:00:00Z'],
    ['17:05', '2026-12-01T15:05:00Z'],
  ])('writes %s as formatDate writes the same time of day, in each language', (clock, instant) => {
    for (const language of ['en', 'ar'] as const) {
      expect(formatClock(clock, language)).toBe(formatDate(instant, language, { timeStyle: 'short' }));
    }
  });

  it('writes English times on the 24-hour clock with two-digit hours, Arabic ones on twelve hours', () => {
    expect(formatClock('09:00', 'en')).toBe('09:00');
    expect(formatClock('09:00', 'ar')).toBe('٩:٠٠ ص');
  });
});
