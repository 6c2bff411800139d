import { describe, expect, it } from 'vitest';

import { formatCoordinates } from './coordinates';

describe('formatCoordinates', () => {
  it('separates latitude and longitude with the language’s own comma, in its digits', () => {
    expect(formatCoordinates(29.93812, 31.16107, 'en')).toBe('29.9381, 31.1611');
    expect(formatCoordinates(29.93812, 31.16107, 'ar')).toBe('٢٩٫٩٣٨١، ٣١٫١٦١١');
  });
});
