// A Leaflet map of catalogue points. Tiles come from a configurable server (VITE_MAP_TILES_URL); when
// they cannot load (offline, blocked by policy) the map keeps its light background, the numbered
// points, their labels and the route line, so the page stays usable. Markers are drawn by CSS, not
// images, for the same reason. Leaflet itself (./leaflet-map.tsx) is loaded the first time a map is
// shown: until then a box of the map's size says the map is loading.
import './map-placeholder.css';

import { lazy, Suspense } from 'react';

import { Spinner } from './spinner';

export interface MapPoint {
  id: string;
  lat: number;
  lng: number;
  name: string;
  /** Short text inside the marker (a stop number); a dot when empty. */
  label?: string;
  kind?: 'default' | 'start' | 'highlight';
}

export interface PointsMapProps {
  points: readonly MapPoint[];
  route?: boolean;
  height?: number;
  label: string;
  onSelect?: (id: string) => void;
  /** A click on the map itself (not on a marker): the place clicked. */
  onPick?: (place: { lat: number; lng: number }) => void;
}

const LeafletMap = lazy(() => import('./leaflet-map').then((module) => ({ default: module.LeafletMap })));

export function PointsMap(props: PointsMapProps) {
  return (
    <Suspense
      fallback={
        <div className="points-map-placeholder" style={{ height: props.height ?? 360 }} aria-busy="true">
          <Spinner />
        </div>
      }
    >
      <LeafletMap {...props} />
    </Suspense>
  );
}
