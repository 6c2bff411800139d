import { describe, expect, it } from 'vitest';

import { safeReturnPath, sameSitePath, signInPath } from './paths';

describe('a return path after signing in', () => {
  it('keeps a path on this site, with its query and hash', () => {
    expect(safeReturnPath('/account/order/MSH-ABC234?tab=pay#top', '/')).toBe('/account/order/MSH-ABC234?tab=pay#top');
  });

  it('refuses every way of naming another site, as a browser reads the address', () => {
    for (const value of ['//evil.example', '/\\evil.example', '/\t/evil.example', '/\n/evil.example', '/\t\\evil.example', 'https://evil.example', 'javascript:alert(1)', ' /x', 'x']) {
      expect(safeReturnPath(value, '/')).toBe('/');
      expect(sameSitePath(value)).toBeNull();
    }
  });

  it('gives back the address as the browser reads it, never the raw text', () => {
    expect(sameSitePath('/rates\t?x=1')).toBe('/rates?x=1');
  });
});

describe('the way to sign in from a page', () => {
  it('asks to come back to the page, not to the home page or another sign-in page', () => {
    expect(signInPath('/signin', '/destination?id=giza')).toBe('/signin?redirect=%2Fdestination%3Fid%3Dgiza');
    expect(signInPath('/signup', '/program/p1')).toBe('/signup?redirect=%2Fprogram%2Fp1');
    expect(signInPath('/signin', '/')).toBe('/signin');
    expect(signInPath('/signup', '/signin?redirect=%2Fx')).toBe('/signup');
  });
});
