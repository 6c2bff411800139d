import { describe, expect, it } from 'vitest';

import { countryKeys, nationalOf, regionOf, toE164 } from './phone';

describe('toE164', () => {
  it.each([
    ['01001234567', 'EG', '+201001234567'],
    ['010 0123 4567', 'EG', '+201001234567'],
    ['1001234567', 'EG', '+201001234567'],
    ['0501234567', 'SA', '+966501234567'],
    ['+966501234567', 'EG', '+966501234567'],
    ['00966501234567', 'EG', '+966501234567'],
  ])('accepts %s with %s as %s', (number, region, want) => {
    expect(toE164(number, region)).toBe(want);
  });

  it.each([
    ['', 'EG'],
    ['0100123', 'EG'],
    ['call me', 'EG'],
    ['07911123456', 'EG'],
  ])('refuses %s with %s', (number, region) => {
    expect(toE164(number, region)).toBeNull();
  });

  it('treats a number without a key as Egyptian', () => {
    expect(toE164('01001234567')).toBe('+201001234567');
  });
});

describe('country keys', () => {
  it('lists Egypt first with its calling code, names in the language asked for', () => {
    const en = countryKeys('en');
    expect(en[0]).toMatchObject({ region: 'EG', callingCode: '+20', name: 'Egypt' });
    expect(countryKeys('ar')[0]?.name).toBe('مصر');
    expect(new Set(en.map((c) => c.region)).size).toBe(en.length);
  });

  it('splits a stored number back into picker and input', () => {
    expect(regionOf('+966501234567')).toBe('SA');
    expect(regionOf(null)).toBe('EG');
    expect(nationalOf('+201001234567')).toBe('010 01234567');
  });

  it('takes a shared calling code’s main country for a number that is valid there', () => {
    // +44 is Britain's, Guernsey's, Jersey's and the Isle of Man's: a British mobile is British.
    expect(regionOf('+447911123456')).toBe('GB');
    expect(regionOf('+12025550123')).toBe('US');
    // A number only another country of the code can hold keeps that country.
    expect(regionOf('+14165550123')).toBe('CA');
  });
});
