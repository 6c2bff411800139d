// The Leaflet map behind <PointsMap> (./map.tsx). Only map.tsx imports this file, and only lazily:
// Leaflet and its stylesheet load when a page first shows a map, never with the home page. It draws
// into the element PointsMap has shown in the map's place from the first render (its `container`), so
// the page's map region is one element throughout; it renders nothing of its own.
import 'leaflet/dist/leaflet.css';
// After Leaflet's own rules, which it overrides.
import './map.css';

import L from 'leaflet';
import { useEffect, useRef, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';

import type { PointsMapProps } from './map';
import { escapeHtml } from './map-html';
import { tileLayer } from './map-tiles';

const CAIRO: L.LatLngTuple = [30.0444, 31.2357];

type LeafletMapProps = Pick<PointsMapProps, 'points' | 'route' | 'onSelect' | 'onPick'> & { container: RefObject<HTMLDivElement | null> };

export function LeafletMap({ container, points, route = false, onSelect, onPick }: LeafletMapProps) {
  const { t, i18n } = useTranslation();
  // Leaflet's zoom buttons say "Zoom in" in English on every page: named in the page's language,
  // on the side the page starts from.
  const zoom = useRef({ in: t('common.zoomIn'), out: t('common.zoomOut'), rtl: i18n.dir() === 'rtl' });
  const selectRef = useRef(onSelect);
  const pickRef = useRef(onPick);
  useEffect(() => {
    selectRef.current = onSelect;
    pickRef.current = onPick;
  }, [onSelect, onPick]);
  // The point whose marker had the keyboard's focus when the map was last drawn: a choice changes the
  // points (the chosen place gets its marker), the map is drawn anew, and the focus stays on that point.
  const focusedPoint = useRef<string | null>(null);

  useEffect(() => {
    if (!container.current) return;
    const map = L.map(container.current, { scrollWheelZoom: false, attributionControl: true, zoomControl: false });
    L.control
      .zoom({ zoomInTitle: zoom.current.in, zoomOutTitle: zoom.current.out, position: zoom.current.rtl ? 'topright' : 'topleft' })
      .addTo(map);
    const tiles = tileLayer();
    tiles.on('tileerror', () => container.current?.classList.add('points-map--offline'));
    tiles.addTo(map);
    const latlngs: L.LatLngTuple[] = [];
    const markers = new Map<string, L.Marker>();
    for (const p of points) {
      const pos: L.LatLngTuple = [p.lat, p.lng];
      latlngs.push(pos);
      const icon = L.divIcon({
        className: `points-map__marker points-map__marker--${p.kind ?? 'default'}`,
        html: `<span>${escapeHtml(p.label ?? '')}</span>`,
        iconSize: [28, 28],
        iconAnchor: [14, 14],
      });
      const marker = L.marker(pos, { icon, title: p.name, alt: p.name, keyboard: true })
        .bindTooltip(escapeHtml(p.name), { direction: 'top', offset: [0, -12], permanent: points.length <= 6 })
        .on('click', () => selectRef.current?.(p.id))
        // Leaflet makes a marker a focusable button but chooses it only by a click: Enter and Space
        // choose it too, as they press any button. Space would otherwise scroll the page.
        .on('keydown', (event: L.LeafletKeyboardEvent) => {
          const { key } = event.originalEvent;
          if (key !== 'Enter' && key !== ' ') return;
          event.originalEvent.preventDefault();
          selectRef.current?.(p.id);
        })
        .addTo(map);
      markers.set(p.id, marker);
    }
    map.on('click', (event: L.LeafletMouseEvent) => pickRef.current?.({ lat: event.latlng.lat, lng: event.latlng.lng }));
    if (route && latlngs.length > 1) L.polyline(latlngs, { className: 'points-map__route', weight: 3 }).addTo(map);
    if (latlngs.length > 1) map.fitBounds(L.latLngBounds(latlngs), { padding: [36, 36], maxZoom: 15 });
    else map.setView(latlngs[0] ?? CAIRO, latlngs.length ? 14 : 11);
    const refocus = focusedPoint.current ? markers.get(focusedPoint.current)?.getElement() : undefined;
    focusedPoint.current = null;
    refocus?.focus();
    return () => {
      for (const [id, marker] of markers) if (marker.getElement() === document.activeElement) focusedPoint.current = id;
      map.remove();
    };
  }, [container, points, route]);

  return null;
}
