import { describe, expect, it } from 'vitest';

import { pickupSelectionPath, safeReturnPath, withPickup } from './return-path';

describe('safeReturnPath', () => {
  it('keeps a path on this site', () => {
    expect(safeReturnPath('/rates?program=p1')).toBe('/rates?program=p1');
  });

  it('refuses other sites and nothing', () => {
    for (const value of ['//evil.example/x', '/\\evil.example', 'https://evil.example', '/\t/evil.example/phish', '/\n/evil.example', '/\r\n/evil.example', 'rates', '', null, undefined]) {
      expect(safeReturnPath(value)).toBeNull();
    }
  });
});

describe('withPickup', () => {
  it('sends the pickup back with the query and the hash kept', () => {
    expect(withPickup('/rates?program=p1#enquiry-title', 'pp1')).toBe('/rates?program=p1&pickup=pp1#enquiry-title');
  });

  it('adds a different end, and drops an end equal to the start or left from before', () => {
    expect(withPickup('/rates', 'pp1', 'pp2')).toBe('/rates?pickup=pp1&end=pp2');
    expect(withPickup('/rates?pickup=old&end=old2', 'pp1', 'pp1')).toBe('/rates?pickup=pp1');
  });
});

describe('pickupSelectionPath', () => {
  it('carries the form to come back to', () => {
    expect(pickupSelectionPath('/points', '/rates?program=p1')).toBe('/points?return=%2Frates%3Fprogram%3Dp1');
  });
});
