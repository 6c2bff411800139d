/**
 * The word a booked trip's headline says once its driver is on it. A confirmed order stays confirmed
 * until the trip is done; meanwhile the traveller reads where the trip is ("Driver on the way"), as the
 * progress strip under it says, not "Confirmed" above a car on its way. Any other status is the
 * order's own.
 */
export function tripHeadline(orderStatus: string, tripStatus: string | undefined): string {
  if (orderStatus !== 'confirmed' || tripStatus === undefined) return orderStatus;
  return HEADLINE_OF_TRIP[tripStatus] ?? orderStatus;
}

const HEADLINE_OF_TRIP: Record<string, string> = {
  assigned: 'driver_assigned',
  started: 'on_the_way',
  picked_up: 'in_progress',
  at_stop: 'in_progress',
};
