import { describe, expect, it } from 'vitest';

import { formatPlate } from './plate';

describe('formatPlate', () => {
  // Its parts joined by no-break spaces (U+00A0).
  const unbroken = (text: string) => text.replace(/ /g, '\u00a0');

  it('writes a plate’s digits as the page’s language does, its letters as they are', () => {
    expect(formatPlate('ل ي م 6643', 'ar')).toBe(unbroken('ل ي م ٦٦٤٣'));
    expect(formatPlate('ل ي م 6643', 'en')).toBe(unbroken('ل ي م 6643'));
  });

  it('shows a plate with Latin letters as typed, on an Arabic page too', () => {
    expect(formatPlate('ABC 123', 'ar')).toBe(unbroken('ABC 123'));
    expect(formatPlate('ABC 123', 'en')).toBe(unbroken('ABC 123'));
  });

  it('gives a narrow line no place to break a plate', () => {
    for (const language of ['en', 'ar'] as const) {
      expect(formatPlate(' ق ط ر  4821 ', language)).not.toMatch(/[ \t\n]/);
    }
  });
});
