import { useMemo } from 'react';

import { useMyPickupPoints } from './get-my-pickup-points';
import { useSavedLocations } from './get-saved-locations';

/** A place of the traveller's own a trip can start or end at. */
export interface TravellerPlace {
  id: string;
  name: string;
  lat: number;
  lng: number;
}

/**
 * The signed-in traveller's own places for the start and end pickers: their pickup points (hotel,
 * home) first, then their saved addresses. Both are offered as places of their own, by name and
 * coordinates.
 */
export function useTravellerPlaces(signedIn: boolean): TravellerPlace[] {
  const points = useMyPickupPoints(signedIn);
  const saved = useSavedLocations(signedIn);
  return useMemo(
    () => [
      ...(points.data ?? []).map((p) => ({ id: `point-${p.id}`, name: p.name, lat: p.lat, lng: p.lng })),
      ...(saved.data ?? []).map((p) => ({ id: p.id, name: p.label, lat: p.lat, lng: p.lng })),
    ],
    [points.data, saved.data],
  );
}
