import { describe, expect, it } from 'vitest';

import { discountLabel } from './offers-section';

describe('discountLabel', () => {
  it('reads basis points as a percent in the page’s language', () => {
    expect(discountLabel({ kind: 'percent', percent_basis_points: 1250, amount: null }, 'en')).toBe('12.5%');
    expect(discountLabel({ kind: 'percent', percent_basis_points: 1000, amount: null }, 'ar')).toBe('١٠٪؜');
  });

  it('reads an amount offer as Egyptian pounds', () => {
    expect(discountLabel({ kind: 'amount', percent_basis_points: 0, amount: { minor: 20000, currency: 'EGP' } }, 'en')).toMatch(/^EGP\s200$/);
  });
});
