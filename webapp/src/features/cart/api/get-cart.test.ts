import { describe, expect, it } from 'vitest';

import { sampleCart } from '../utils/sample-cart';

import { cartSchema } from './cart-schemas';
import { cartPath } from './get-cart';

describe('cart call', () => {
  it('sends the cookie mirror as destination_ids[] in order', () => {
    expect(cartPath([])).toBe('/api/auth/cart');
    expect(cartPath(['a', 'b c'])).toBe('/api/auth/cart?destination_ids%5B%5D=a&destination_ids%5B%5D=b+c');
  });

  it('asks for the trip timed at the chosen departure', () => {
    expect(cartPath([], '2026-12-01T14:30')).toBe('/api/auth/cart?departure=2026-12-01T14%3A30');
    expect(cartPath(['a'], '2026-12-01T08:00')).toBe('/api/auth/cart?destination_ids%5B%5D=a&departure=2026-12-01T08%3A00');
    expect(cartPath(['a'], null)).toBe('/api/auth/cart?destination_ids%5B%5D=a');
  });

  it('reads an empty cart with zero totals', () => {
    const cart = cartSchema.parse({
      data: [],
      trip_calculations: { total_distance: 0, total_duration: 0, total_waiting_hours: 0, legs: [], rate_calculations: [] },
      version: -1,
    });
    expect(cart.data).toEqual([]);
    expect(cart.trip_calculations?.rate_calculations).toEqual([]);
  });

  it('reads a full cart', () => {
    const cart = sampleCart();
    expect(cart.data.map((item) => item.available)).toEqual([true, false, true]);
    expect(cart.trip_calculations?.rate_calculations[0]?.converted).toEqual([{ currency: 'USD', total: 5.68 }]);
  });
});
