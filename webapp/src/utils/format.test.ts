import { describe, expect, it } from 'vitest';

import { formatCalendarDate, formatDate } from './format';

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
