import { describe, expect, it } from 'vitest';

import { safeReturnPath, sameSitePath } from './paths';

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
