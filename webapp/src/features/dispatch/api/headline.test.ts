import { describe, expect, it } from 'vitest';

import { tripHeadline } from './headline';

describe('a booked trip’s headline', () => {
  it.each([
    ['confirmed', undefined, 'confirmed'],
    ['confirmed', 'unassigned', 'confirmed'],
    ['confirmed', 'assigned', 'driver_assigned'],
    ['confirmed', 'started', 'on_the_way'],
    ['confirmed', 'picked_up', 'in_progress'],
    ['confirmed', 'at_stop', 'in_progress'],
    ['completed', 'completed', 'completed'],
    ['cancelled', 'started', 'cancelled'],
  ])('an order %s whose trip is %s reads %s', (order, trip, want) => {
    expect(tripHeadline(order, trip)).toBe(want);
  });
});
