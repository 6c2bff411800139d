import { describe, expect, it } from 'vitest';

import { sampleCart } from '../utils/sample-cart';

import { project, routePoints } from './route-map';

describe('route map', () => {
  it('draws the start and the available stops, and no separate end for a round trip', () => {
    expect(routePoints(sampleCart()).map((p) => p.label)).toEqual(['S', '1', '3']);
  });

  it('draws a different end', () => {
    const cart = sampleCart();
    cart.end_point = { kind: 'custom', name: 'Airport', coordinates: { lat: 30.11, lng: 31.4 }, default: false, same_as_start: false };
    expect(routePoints(cart).map((p) => p.label)).toEqual(['S', '1', '3', 'E']);
  });

  it('keeps north up and east right, inside the drawing', () => {
    const [south, north, east] = project([
      { lat: 30.0, lng: 31.2 },
      { lat: 30.1, lng: 31.2 },
      { lat: 30.0, lng: 31.3 },
    ]);
    expect(north!.y).toBeLessThan(south!.y);
    expect(east!.x).toBeGreaterThan(south!.x);
    for (const p of [south!, north!, east!]) {
      expect(p.x).toBeGreaterThanOrEqual(0);
      expect(p.x).toBeLessThanOrEqual(320);
      expect(p.y).toBeGreaterThanOrEqual(0);
      expect(p.y).toBeLessThanOrEqual(220);
    }
  });
});
