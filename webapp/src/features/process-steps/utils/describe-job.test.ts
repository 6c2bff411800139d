import { describe, expect, it } from 'vitest';

import { jobSubject, kindKey } from './describe-job';

describe('kindKey', () => {
  it.each([
    ['orders.refund', 'processSteps.kinds.orders_refund'],
    ['orders.open_payment_session', 'processSteps.kinds.orders_open_payment_session'],
    ['dispatch.release_trip', 'processSteps.kinds.dispatch_release_trip'],
    ['cart.remove_booked_stops', 'processSteps.kinds.cart_remove_booked_stops'],
  ])('words %s', (kind, key) => {
    expect(kindKey(kind)).toBe(key);
  });

  it('leaves a kind it does not know to be shown as named', () => {
    expect(kindKey('test.nobody_handles_this')).toBeNull();
  });
});

describe('jobSubject', () => {
  it('finds the order and the trip step a payload names', () => {
    expect(jobSubject({ order_id: 'MSH-ABC234', step: 'started', driver_id: 'd1' })).toEqual({ orderId: 'MSH-ABC234', step: 'started' });
  });

  it.each([null, 'text', 42, {}, { order_id: '' }, { order_id: 7 }])('finds nothing in %j', (payload) => {
    expect(jobSubject(payload)).toEqual({ orderId: null, step: null });
  });
});
