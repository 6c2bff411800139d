// A Leaflet map of catalogue points. Tiles come from a configurable server (VITE_MAP_TILES_URL); when
// they cannot load (offline, blocked by policy) the map keeps its light background, the numbered
// points, their labels and the route line, so the page stays usable. Markers are drawn by CSS, not
// images, for the same reason. Leaflet itself (./leaflet-map.tsx) is loaded, and a map drawn, when the
// map comes near the screen: until then a box of the map's size says the map is loading.
// On a phone a page's map is often screens below its opening, and drawing it (loading Leaflet, laying
// out its panes, a forced layout of the whole page) would be the longest task of the page's start.
import './map-placeholder.css';

import { useEffect, useId, useRef, useState } from 'react';

import { useNearScreen } from '@/hooks/use-near-screen';

import type { LeafletMap } from './leaflet-map';

import { Spinner } from './spinner';
import { ErrorState } from './states';

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
  /**
   * What the map offers and how to do it without a pointer, shown above the map and read as its
   * description (a place clicked on the map has no keyboard way: the hint names the one there is).
   */
  hint?: string;
  onSelect?: (id: string) => void;
  /** A click on the map itself (not on a marker): the place clicked. */
  onPick?: (place: { lat: number; lng: number }) => void;
}

interface LeafletModule {
  LeafletMap: typeof LeafletMap;
}
let leafletLoaded: LeafletModule | undefined;
const loadLeaflet = () => import('./leaflet-map').then((module) => (leafletLoaded = module));

// How far ahead of the screen a map starts loading: a quarter of a screen. Loading and drawing it takes
// a phone about a fifth of a second, less than scrolling a quarter screen at a reading pace; a larger
// margin would draw the map just below a phone's first screen (a destination's, 1.6 screens down) for
// every visitor, most of whom never scroll to it, in the middle of the page's start.
const NEAR_SCREEN = '25% 0px';

export function PointsMap({ label, hint, height = 360, ...map }: PointsMapProps) {
  const hintId = useId();
  const frame = useRef<HTMLDivElement>(null);
  const near = useNearScreen(frame, NEAR_SCREEN);
  const [leaflet, setLeaflet] = useState(() => leafletLoaded);
  const [failed, setFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    if (!near || leaflet) return;
    let current = true;
    loadLeaflet().then(
      (module) => current && setLeaflet(module),
      () => current && setFailed(true),
    );
    return () => {
      current = false;
    };
  }, [near, leaflet, attempt]);
  const drawn = near && leaflet;
  // One element, the map's region, from the first render on: a box saying the map is loading, then the
  // map Leaflet draws into it; the page around it never sees it swapped. Should Leaflet fail to load
  // (the connection lost), the box says so and offers to try again.
  const region = (
    <div
      ref={frame}
      className={drawn ? 'points-map' : 'points-map-placeholder'}
      style={{ height }}
      role="region"
      aria-label={label}
      aria-describedby={hint ? hintId : undefined}
      aria-busy={drawn ? undefined : !failed}
    >
      {drawn ? (
        <leaflet.LeafletMap container={frame} {...map} />
      ) : failed ? (
        <ErrorState
          compact
          onRetry={() => {
            setFailed(false);
            setAttempt((n) => n + 1);
          }}
        />
      ) : (
        <Spinner />
      )}
    </div>
  );
  if (!hint) return region;
  return (
    <>
      <p className="muted small" id={hintId}>
        {hint}
      </p>
      {region}
    </>
  );
}
