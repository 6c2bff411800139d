import { describe, expect, it } from 'vitest';

import { groupTooLargeFor } from './group-size';

describe('a group and the seats of its car', () => {
  it.each([
    ['as many travellers as seats', '4', 4],
    ['fewer travellers than seats', '2', 7],
    ['no group size given', '', 4],
    ['no car chosen yet', '6', undefined],
    ['a car whose seats the server did not say', '6', null],
    ['a group out of range, which is told its range instead', '99', 4],
  ] as const)('fits with %s', (_, travellers, seats) => {
    expect(groupTooLargeFor(travellers, seats)).toBeNull();
  });

  it('names the seats and the group when one traveller too many', () => {
    expect(groupTooLargeFor('5', 4)).toBe('validation.carTooSmall?seats=4&travellers=5');
  });

  it('names the seats and the group for fifty travellers in a four-seat car', () => {
    expect(groupTooLargeFor('50', 4)).toBe('validation.carTooSmall?seats=4&travellers=50');
  });
});
