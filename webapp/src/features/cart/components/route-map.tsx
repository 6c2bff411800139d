import { useTranslation } from 'react-i18next';

import type { Cart } from '../api/get-cart';

interface MapPoint {
  key: string;
  label: string;
  name: string;
  lat: number;
  lng: number;
  kind: 'start' | 'stop' | 'end';
}

const WIDTH = 320;
const HEIGHT = 220;
const PAD = 24;

/** The route's points in driving order: start, available stops, end (unless it is the start). */
export function routePoints(cart: Cart): MapPoint[] {
  const out: MapPoint[] = [];
  if (cart.start_point) out.push({ key: 'start', label: 'S', name: cart.start_point.name, kind: 'start', ...cart.start_point.coordinates });
  cart.data.forEach((item, index) => {
    const c = item.destination?.coordinates;
    if (!item.available || !c) return;
    out.push({ key: item.id, label: String(index + 1), name: item.destination?.name ?? '', kind: 'stop', lat: c.lat, lng: c.lng });
  });
  if (cart.end_point && !cart.end_point.same_as_start) out.push({ key: 'end', label: 'E', name: cart.end_point.name, kind: 'end', ...cart.end_point.coordinates });
  return out;
}

/**
 * Projects points into the box (equirectangular, scaled by the cosine of the
 * mean latitude: at Cairo's scale the distortion is invisible). North is up.
 */
export function project(points: ReadonlyArray<{ lat: number; lng: number }>): Array<{ x: number; y: number }> {
  if (points.length === 0) return [];
  const meanLat = points.reduce((sum, p) => sum + p.lat, 0) / points.length;
  const k = Math.cos((meanLat * Math.PI) / 180);
  const xs = points.map((p) => p.lng * k);
  const ys = points.map((p) => p.lat);
  const minX = Math.min(...xs);
  const maxX = Math.max(...xs);
  const minY = Math.min(...ys);
  const maxY = Math.max(...ys);
  const span = Math.max(maxX - minX, maxY - minY, 1e-4);
  const scale = Math.min((WIDTH - 2 * PAD) / span, (HEIGHT - 2 * PAD) / span);
  const offX = (WIDTH - (maxX - minX) * scale) / 2;
  const offY = (HEIGHT - (maxY - minY) * scale) / 2;
  return points.map((_, i) => ({ x: offX + ((xs[i] ?? 0) - minX) * scale, y: HEIGHT - (offY + ((ys[i] ?? 0) - minY) * scale) }));
}

/**
 * A drawing of the route from the coordinates alone: it needs no map tiles, so
 * it works offline and never leaves the page empty.
 */
export function RouteMap({ cart }: { cart: Cart }) {
  const { t } = useTranslation();
  const points = routePoints(cart);
  if (points.length < 2) return null;
  const xy = project(points);
  const path = [...xy, ...(cart.end_point?.same_as_start ? [xy[0]] : [])]
    .filter((p): p is { x: number; y: number } => p !== undefined)
    .map((p) => `${p.x.toFixed(1)},${p.y.toFixed(1)}`)
    .join(' ');
  return (
    <figure className="route-map">
      <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} role="img" aria-labelledby="route-map-title" data-testid="route-map">
        <title id="route-map-title">{`${t('cart.map')}: ${points.map((p) => p.name).join(' → ')}`}</title>
        <rect className="route-map__ground" x="0" y="0" width={WIDTH} height={HEIGHT} rx="12" />
        <polyline className="route-map__path" points={path} />
        {points.map((p, i) => {
          const at = xy[i];
          if (!at) return null;
          return (
            <g key={p.key} className={`route-map__point route-map__point--${p.kind}`} transform={`translate(${at.x.toFixed(1)} ${at.y.toFixed(1)})`}>
              <circle r="10" />
              <text textAnchor="middle" dy="4">
                {p.label}
              </text>
            </g>
          );
        })}
      </svg>
      <figcaption className="muted small">{t('cart.mapNote')}</figcaption>
    </figure>
  );
}
