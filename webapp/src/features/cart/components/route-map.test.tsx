import { describe, expect, it } from 'vitest';

import { sampleCart } from '../utils/sample-cart';

import { routePoints } from './route-map';

describe('route map', () => {
  it('draws the start and the available stops, and no separate end for a round trip', () => {
    expect(routePoints(sampleCart(), 'en').map((p) => p.label)).toEqual(['S', '1', '3']);
  });

  it('numbers the stops in Arabic-Indic digits on an Arabic page', () => {
    expect(routePoints(sampleCart(), 'ar').map((p) => p.label)).toEqual(['S', '١', '٣']);
  });

  it('draws a different end', () => {
    const cart = sampleCart();
    cart.end_point = { kind: 'custom', name: 'Airport', coordinates: { lat: 30.11, lng: 31.4 }, default: false, same_as_start: false };
    expect(routePoints(cart, 'en').map((p) => [p.label, p.name])).toEqual([
      ['S', 'Hotel'],
      ['1', 'Museum'],
      ['3', 'Citadel'],
      ['E', 'Airport'],
    ]);
  });
});
