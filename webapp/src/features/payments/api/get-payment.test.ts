import { describe, expect, it } from 'vitest';

import { outcomeOf } from './get-payment';

describe('payment outcome', () => {
  it.each([
    ['success', 'success'],
    ['confirmed', 'success'],
    ['failure', 'failure'],
    ['payment_failed', 'failure'],
    ['expired', 'failure'],
    ['awaiting_payment', 'pending'],
    [null, 'pending'],
  ])('%s reads as %s', (status, outcome) => {
    expect(outcomeOf(status)).toBe(outcome);
  });
});
