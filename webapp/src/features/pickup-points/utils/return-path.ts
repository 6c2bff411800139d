import { sameSitePath } from '@/config/paths';

/**
 * The pickup selection page can be opened by a form that needs a pickup point (the enquiry): it gets
 * `?return=<path>` and sends the choice back there as `pickup` (and `end` when the trip ends elsewhere).
 */

/** Only a path on this site: never another origin (`//host`, `https:`), so the page cannot be used to send people away. */
export function safeReturnPath(value: string | null | undefined): string | null {
  return sameSitePath(value);
}

/** The return path with the choice in its query (earlier choices replaced), the hash kept. */
export function withPickup(returnPath: string, start: string, end?: string | null): string {
  const url = new URL(returnPath, 'http://mishwar.invalid');
  url.searchParams.set('pickup', start);
  if (end && end !== start) url.searchParams.set('end', end);
  else url.searchParams.delete('end');
  return `${url.pathname}${url.search}${url.hash}`;
}

/** The selection page for a form at `returnPath`. */
export function pickupSelectionPath(pointsPath: string, returnPath: string): string {
  return `${pointsPath}?${new URLSearchParams({ return: returnPath }).toString()}`;
}
