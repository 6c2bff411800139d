import type { MapPoint } from '@/components/ui/map';
import type { Language } from '@/config/constants';
import { formatNumber } from '@/utils/format';

import type { Trip } from '../api/types';

const placed = (p: { lat: number; lng: number }) => Number.isFinite(p.lat) && Number.isFinite(p.lng) && !(p.lat === 0 && p.lng === 0);
const samePlace = (a: { lat: number; lng: number }, b: { lat: number; lng: number }) => Math.abs(a.lat - b.lat) < 1e-6 && Math.abs(a.lng - b.lng) < 1e-6;

/**
 * The itinerary as the map draws it: the pickup, the stops numbered in order, then the end when it is
 * another place (a trip that returns to its pickup ends on the pickup's marker). Points the order has
 * no place for (an enquiry without a pickup yet) are left out. Stop numbers are written in the page's
 * digits (Arabic-Indic on an Arabic page).
 */
export function orderMapPoints(trip: Pick<Trip, 'pickup' | 'end' | 'stops'>, labels: { start: string; end: string }, language: Language): MapPoint[] {
  const points: MapPoint[] = [];
  if (placed(trip.pickup)) points.push({ id: 'start', name: trip.pickup.name || labels.start, lat: trip.pickup.lat, lng: trip.pickup.lng, label: '', kind: 'start' });
  trip.stops.forEach((stop, index) => {
    if (placed(stop)) points.push({ id: `stop-${index}`, name: stop.name, lat: stop.lat, lng: stop.lng, label: formatNumber(index + 1, language) });
  });
  if (placed(trip.end) && !(placed(trip.pickup) && samePlace(trip.end, trip.pickup))) {
    points.push({ id: 'end', name: trip.end.name || labels.end, lat: trip.end.lat, lng: trip.end.lng, label: '', kind: 'highlight' });
  }
  return points;
}
