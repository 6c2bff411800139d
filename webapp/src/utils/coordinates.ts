// A point on the map as a person reads it. Apart from format.ts, which the home page's first download
// carries: only pages with a map write coordinates.
import type { Language } from '@/config/constants';

import { formatNumber } from './format';

/**
 * A point on the map, latitude first, in the page's digits: "30.0287, 31.2599" /
 * «٣٠٫٠٢٨٧، ٣١٫٢٥٩٩». Arabic separates the two with its own comma: a Latin comma beside Arabic-Indic
 * digits (whose decimal mark is «٫») reads as part of a number.
 */
export function formatCoordinates(lat: number, lng: number, language: Language): string {
  const options = { minimumFractionDigits: 4, maximumFractionDigits: 4, useGrouping: false };
  return `${formatNumber(lat, language, options)}${language === 'ar' ? '، ' : ', '}${formatNumber(lng, language, options)}`;
}
