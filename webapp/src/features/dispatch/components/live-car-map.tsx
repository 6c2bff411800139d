// The Leaflet map behind <LiveCar> (./live-car.tsx), which imports it lazily: Leaflet loads only when
// a traveller's trip is running. One map per page; the car's marker moves, the map is not rebuilt.
import 'leaflet/dist/leaflet.css';
import '@/components/ui/map.css';

import L from 'leaflet';
import { useEffect, useRef, useState } from 'react';
import { createPortal } from 'react-dom';

import { Icon } from '@/components/ui/icon';
import { escapeHtml } from '@/components/ui/map-html';
import { tileLayer } from '@/components/ui/map-tiles';

/** The element the car marker shows, filled by React with the app's car icon (an emoji needs a font a phone may lack). */
function carSlot(): HTMLSpanElement {
  const slot = document.createElement('span');
  slot.className = 'live-car__icon';
  slot.setAttribute('aria-hidden', 'true');
  slot.dataset.testid = 'live-car-marker';
  return slot;
}

export interface LiveCarMapProps {
  car: { lat: number; lng: number; heading?: number };
  next?: { lat: number; lng: number; name: string };
  label: string;
  carLabel: string;
  height?: number;
}

export function LiveCarMap({ car, next, label, carLabel, height = 280 }: LiveCarMapProps) {
  const container = useRef<HTMLDivElement>(null);
  const map = useRef<L.Map | null>(null);
  const carMarker = useRef<L.Marker | null>(null);
  const nextMarker = useRef<L.Marker | null>(null);
  const framed = useRef<string>('');
  const [slot] = useState(carSlot);

  useEffect(() => {
    if (!container.current) return;
    // No zoom or fade animations: the car moves every second, and a marker hidden during a zoom
    // animation that a busy or background page never finishes would stay hidden.
    const m = L.map(container.current, { scrollWheelZoom: false, attributionControl: true, zoomAnimation: false, fadeAnimation: false, markerZoomAnimation: false });
    const tiles = tileLayer();
    tiles.on('tileerror', () => container.current?.classList.add('points-map--offline'));
    tiles.addTo(m);
    // A map gets its layers only once it has a view: give it Cairo until the car is framed.
    m.setView([30.0444, 31.2357], 12, { animate: false });
    map.current = m;
    return () => {
      m.remove();
      map.current = null;
      carMarker.current = null;
      nextMarker.current = null;
      framed.current = '';
    };
  }, []);

  useEffect(() => {
    const m = map.current;
    if (!m) return;
    const at: L.LatLngTuple = [car.lat, car.lng];
    if (!carMarker.current) {
      const icon = L.divIcon({ className: 'points-map__marker live-car__marker', html: slot, iconSize: [32, 32], iconAnchor: [16, 16] });
      carMarker.current = L.marker(at, { icon, title: carLabel, alt: carLabel, keyboard: false, zIndexOffset: 1000 }).addTo(m);
    } else {
      carMarker.current.setLatLng(at);
    }
    if (next) {
      const to: L.LatLngTuple = [next.lat, next.lng];
      if (!nextMarker.current) {
        const icon = L.divIcon({ className: 'points-map__marker points-map__marker--start', html: '<span></span>', iconSize: [24, 24], iconAnchor: [12, 12] });
        nextMarker.current = L.marker(to, { icon, title: next.name, alt: next.name }).bindTooltip(escapeHtml(next.name), { direction: 'top', offset: [0, -10] }).addTo(m);
      } else {
        nextMarker.current.setLatLng(to).setTooltipContent(escapeHtml(next.name));
      }
    } else if (nextMarker.current) {
      nextMarker.current.remove();
      nextMarker.current = null;
    }
    // Frame the car and its next stop once per next stop; afterwards follow the car only if it
    // leaves the view, so a traveller's own panning and zooming are not undone every second.
    const key = next ? `${next.lat},${next.lng}` : 'car';
    if (framed.current !== key) {
      framed.current = key;
      if (next) m.fitBounds(L.latLngBounds([at, [next.lat, next.lng]]), { padding: [36, 36], maxZoom: 16, animate: false });
      else m.setView(at, 15, { animate: false });
    } else if (!m.getBounds().contains(at)) {
      m.panTo(at, { animate: false });
    }
  }, [car.lat, car.lng, next, carLabel, slot]);

  return (
    <>
      <div ref={container} className="points-map live-car__map" style={{ height }} role="region" aria-label={label} />
      {createPortal(<Icon name="car" size={20} />, slot)}
    </>
  );
}
