import { useLanguage } from './use-language';

/**
 * What goes between the places of a route, pointing the way the line is read: " → " in English,
 * " ← " in Arabic (right to left), where "→" would send the traveller backwards.
 */
export function useRouteArrow(): string {
  return useLanguage() === 'ar' ? ' ← ' : ' → ';
}
