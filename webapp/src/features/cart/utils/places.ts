import type { PointChoice } from '../api/choose-cart-points';
import type { RoutePoint } from '../api/get-cart';

/** A place the traveller can start or end at: a pickup point, a saved location, or one of the trip's stops. */
export interface KnownPlace {
  id: string;
  name: string;
  lat: number;
  lng: number;
}

const EARTH_RADIUS_KM = 6371.0088;
const radians = (degrees: number) => (degrees * Math.PI) / 180;

/** Great-circle distance in kilometres. */
export function distanceKm(a: { lat: number; lng: number }, b: { lat: number; lng: number }): number {
  const dLat = radians(b.lat - a.lat);
  const dLng = radians(b.lng - a.lng);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(radians(a.lat)) * Math.cos(radians(b.lat)) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(h)));
}

/**
 * The known place closest to `at`, if one lies within `withinKm`: there is no address lookup service,
 * so a place the traveller picked on the map or by location is named after what is near it.
 */
export function nearestPlace(places: readonly KnownPlace[], at: { lat: number; lng: number }, withinKm = 3): { place: KnownPlace; km: number } | null {
  let best: { place: KnownPlace; km: number } | null = null;
  for (const place of places) {
    const km = distanceKm(place, at);
    if (km <= withinKm && (!best || km < best.km)) best = { place, km };
  }
  return best;
}

/** The longest custom point name the server accepts, in characters (domain/cart.MaxPointNameLength). */
export const MAX_POINT_NAME = 120;

/** A choice for a place of the traveller's own, its name cut to what the server keeps. */
export function customChoice(name: string, at: { lat: number; lng: number }): PointChoice {
  return { name: Array.from(name.trim()).slice(0, MAX_POINT_NAME).join(''), lat: Number(at.lat.toFixed(6)), lng: Number(at.lng.toFixed(6)) };
}

/** What the cart holds as a choice again (null: nothing chosen, the admin's default). */
export function choiceOf(point: RoutePoint | null | undefined): PointChoice | null {
  if (!point || point.default) return null;
  if (point.kind === 'pickup' && point.pickup_point_id) return { pickup_point_id: point.pickup_point_id };
  return customChoice(point.name, point.coordinates);
}

/** Whether the traveller chose where the trip starts (the default pickup point does not count). */
export function startChosen(point: RoutePoint | null | undefined): boolean {
  return Boolean(point && !point.default);
}
