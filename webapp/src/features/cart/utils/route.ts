import type { Cart, CartItem, Leg } from '../api/get-cart';

/** One row of the itinerary: the drive that reaches a stop (absent for an unavailable one), then the stop. */
export interface StopRow {
  item: CartItem;
  index: number;
  legIn?: Leg;
}

/**
 * Pairs each stop with the leg that reaches it. Legs run start → available
 * stops in order → end, so an unavailable stop has none, and the last leg
 * (to the end point) is returned apart.
 */
export function stopRows(cart: Cart): { rows: StopRow[]; legOut?: Leg } {
  const legs = cart.trip_calculations?.legs ?? [];
  let next = 0;
  const rows = cart.data.map((item, index) => {
    if (!item.available) return { item, index };
    const legIn = legs[next];
    next += 1;
    return { item, index, legIn };
  });
  return { rows, legOut: next > 0 ? legs[next] : undefined };
}
