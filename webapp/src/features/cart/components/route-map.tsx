import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';

import { PointsMap, type MapPoint } from '@/components/ui/map';
import type { Language } from '@/config/constants';
import { useLanguage } from '@/hooks/use-language';
import { formatNumber } from '@/utils/format';

import type { Cart } from '../api/get-cart';

/**
 * The route's points in driving order: start, available stops, end (unless it is the start); stop
 * numbers in the page's digits.
 */
export function routePoints(cart: Cart, language: Language): MapPoint[] {
  const out: MapPoint[] = [];
  if (cart.start_point) out.push({ id: 'start', label: 'S', name: cart.start_point.name, kind: 'start', ...cart.start_point.coordinates });
  cart.data.forEach((item, index) => {
    const c = item.destination?.coordinates;
    if (!item.available || !c) return;
    out.push({ id: item.id, label: formatNumber(index + 1, language), name: item.destination?.name ?? '', lat: c.lat, lng: c.lng });
  });
  if (cart.end_point && !cart.end_point.same_as_start) out.push({ id: 'end', label: 'E', name: cart.end_point.name, kind: 'start', ...cart.end_point.coordinates });
  return out;
}

/**
 * The route on a map (the shared Leaflet map: when tiles cannot load, the numbered points and the
 * route line still show).
 */
export function RouteMap({ cart }: { cart: Cart }) {
  const { t } = useTranslation();
  const language = useLanguage();
  // The map redraws when its points change identity, so they change only when the route does.
  const key = JSON.stringify(routePoints(cart, language));
  const points = useMemo(() => JSON.parse(key) as MapPoint[], [key]);
  if (points.length < 2) return null;
  return (
    <figure className="route-map" data-testid="route-map">
      <PointsMap points={points} route height={300} label={t('cart.map')} />
      <figcaption className="muted small">{t('cart.mapNote')}</figcaption>
    </figure>
  );
}
