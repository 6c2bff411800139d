import { describe, expect, it } from 'vitest';

import { dateTimeFormat, listFormat, numberFormat } from './intl-formatters';

describe('kept Intl formatters', () => {
  it('builds a formatter once for the same locale and options, and formats as a new one would', () => {
    const options: Intl.DateTimeFormatOptions = { timeZone: 'Africa/Cairo', dateStyle: 'full' };
    const first = dateTimeFormat('ar-EG', options);
    expect(dateTimeFormat('ar-EG', { ...options })).toBe(first);
    const instant = new Date('2026-11-27T22:30:00Z');
    expect(first.format(instant)).toBe(new Intl.DateTimeFormat('ar-EG', options).format(instant));
  });

  it('keeps formatters for different locales or options apart', () => {
    expect(numberFormat('en-GB')).not.toBe(numberFormat('ar-EG'));
    expect(numberFormat('en-GB', { style: 'currency', currency: 'EGP' }).format(5)).not.toBe(numberFormat('en-GB', { style: 'currency', currency: 'USD' }).format(5));
    expect(listFormat('en-GB', { type: 'conjunction' }).format(['Fri', 'Sat'])).toBe('Fri and Sat');
    expect(listFormat('en-GB', { type: 'disjunction' }).format(['Fri', 'Sat'])).toBe('Fri or Sat');
  });
});
