import { useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router-dom';

/** How long a page has to set its title (a lazy route's code, a record's name from the server). */
const SETTLE_MS = 500;

/**
 * Says the new page's title to screen readers after an in-app navigation: a reader announces a full
 * page load by itself, but not a route the app draws in place. Only a changed title is spoken, so a
 * list's filters (its address's query) stay quiet.
 */
export function RouteAnnouncer() {
  const { pathname, search } = useLocation();
  const address = pathname + search;
  const shown = useRef(address);
  const [said, setSaid] = useState('');

  useEffect(() => {
    if (shown.current === address) return;
    shown.current = address;
    const timer = window.setTimeout(() => setSaid(document.title), SETTLE_MS);
    return () => window.clearTimeout(timer);
  }, [address]);

  return (
    <p className="visually-hidden" aria-live="polite" aria-atomic="true" data-announcer data-testid="route-announcer">
      {said}
    </p>
  );
}
