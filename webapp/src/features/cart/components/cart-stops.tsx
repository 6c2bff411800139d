import type { Cart } from '../api/get-cart';

import { Itinerary } from './itinerary';
import { TripSummary } from './trip-summary';

/** The header panel's stops and totals: a chunk of its own, loaded when the panel first shows a cart. */
export function CartStops({ cart }: { cart: Cart }) {
  return (
    <>
      <Itinerary cart={cart} compact />
      {cart.trip_calculations ? <TripSummary calculations={cart.trip_calculations} compact /> : null}
    </>
  );
}
