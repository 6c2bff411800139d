// The tile layer every Leaflet map draws (the points map and the live car's). Only the lazily loaded
// map modules import this file, so Leaflet stays out of the first download.
import L from 'leaflet';

// The server may name its tile server at run time (<meta name="mishwar-map-tiles" content="…">), so one
// build serves any deployment; otherwise the build's VITE_MAP_TILES_URL, otherwise OpenStreetMap.
function metaContent(name: string): string | undefined {
  return document.querySelector<HTMLMetaElement>(`meta[name="${name}"]`)?.content || undefined;
}

export function tileLayer(): L.TileLayer {
  const url =
    metaContent('mishwar-map-tiles') ?? (import.meta.env.VITE_MAP_TILES_URL as string | undefined) ?? 'https://tile.openstreetmap.org/{z}/{x}/{y}.png';
  const attribution =
    metaContent('mishwar-map-attribution') ?? (import.meta.env.VITE_MAP_TILES_ATTRIBUTION as string | undefined) ?? '© OpenStreetMap contributors';
  return L.tileLayer(url, { attribution, maxZoom: 18 });
}
