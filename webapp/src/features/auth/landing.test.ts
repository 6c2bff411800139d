import { describe, expect, it } from 'vitest';

import { landingAfterSignIn } from './landing';

describe('landing after sign-in', () => {
  it.each([
    ['driver', null, '/driver'],
    ['user', null, '/'],
    ['admin', null, '/'],
    ['driver', '/account', '/account'],
    ['user', '/checkout', '/checkout'],
  ])('takes a %s asked for %j to %s', (role, asked, landing) => {
    expect(landingAfterSignIn(role, asked)).toBe(landing);
  });
});
