import { describe, expect, it } from 'vitest';

import { OPENING_HOURS } from '@/config/constants';

import { closedDays, groupOpeningDays, isOpenAt } from './opening-hours';

// Cairo is UTC+2 in winter (no DST in January).
const cairo = (iso: string) => new Date(`${iso}+02:00`);

describe('opening hours (Mon–Fri 9:00–22:00 Cairo time)', () => {
  it.each([
    ['2025-01-06T09:00:00', true],
    ['2025-01-06T08:59:00', false],
    ['2025-01-08T21:59:00', true],
    ['2025-01-08T22:00:00', false],
    ['2025-01-10T12:00:00', true],
    ['2025-01-11T12:00:00', false],
    ['2025-01-12T12:00:00', false],
  ])('at %s Cairo time open is %s', (iso, open) => {
    expect(isOpenAt(OPENING_HOURS, cairo(iso))).toBe(open);
  });

  it('is closed on a listed holiday', () => {
    const withHoliday = { ...OPENING_HOURS, holidays: ['2025-01-07'] };
    expect(isOpenAt(withHoliday, cairo('2025-01-07T12:00:00'))).toBe(false);
    expect(isOpenAt(withHoliday, cairo('2025-01-08T12:00:00'))).toBe(true);
  });

  it('groups the week as Monday–Friday and lists Saturday and Sunday as closed', () => {
    expect(groupOpeningDays(OPENING_HOURS)).toEqual([{ from: 1, to: 5, opens: '09:00', closes: '22:00' }]);
    expect(closedDays(OPENING_HOURS)).toEqual([6, 0]);
  });
});
