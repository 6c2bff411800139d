import { describe, expect, it } from 'vitest';

import { departureOf } from './checkout-form';

describe('departureOf', () => {
  it('joins the chosen date and time into the cart departure', () => {
    expect(departureOf('2026-12-01', '14:30')).toBe('2026-12-01T14:30');
  });

  it('has no departure until both are chosen', () => {
    expect(departureOf('', '14:30')).toBeNull();
    expect(departureOf('2026-12-01', '')).toBeNull();
    expect(departureOf('1 Dec', '2pm')).toBeNull();
  });
});
