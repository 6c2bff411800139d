// Components whose code loads when first shown, and loads again after a failure. React.lazy keeps a
// failed load for good: a moment offline (a header panel opened, a page followed) left that part of
// the app broken until a reload. Here a failed load is tried again a little later while the browser
// says it is online, then reported as a LoadFailure, which a LoadFailureBoundary
// (components/ui/load-failure.tsx) shows with a way to try again, and tries again itself when the
// connection comes back; the part's next render after a boundary has shown the failure loads afresh.
import { lazy, type ComponentType } from 'react';

/** The code of a part of the app could not be fetched (offline, the server unreachable). */
export class LoadFailure extends Error {
  /** Lets the next render of the part start a new attempt. */
  readonly forget: () => void;

  constructor(cause: unknown, forget: () => void = () => undefined) {
    super(cause instanceof Error ? cause.message : 'The code of this part of the app did not load', { cause });
    this.name = 'LoadFailure';
    this.forget = forget;
  }
}

/**
 * Called by the boundary that caught error (in componentDidCatch): a part whose load failed keeps
 * its failure until a boundary has shown it (React reads the failure from the same attempt when it
 * renders the part again), and is loaded afresh at its next render after this.
 */
export function forgetFailedLoad(error: unknown): void {
  if (error instanceof LoadFailure) error.forget();
}

// What the browsers say when a dynamic import cannot be fetched (Chrome, Firefox, Safari) and what
// Vite says when a chunk's stylesheet cannot: a lazy part loaded without lazyComponent (React.lazy)
// fails with these as they are.
const FETCH_FAILED = /Failed to fetch dynamically imported module|error loading dynamically imported module|Importing a module script failed|Unable to preload CSS/i;

/** Whether error is a part of the app whose code could not be fetched. */
export function isLoadFailure(error: unknown): boolean {
  return error instanceof LoadFailure || (error instanceof Error && FETCH_FAILED.test(error.message));
}

/** The waits before the second and the third attempt, while the browser says it is online. */
const RETRY_DELAYS_MS = [500, 1500];

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function fetchWithRetries<T>(load: () => Promise<T>): Promise<T> {
  for (let attempt = 0; ; attempt += 1) {
    try {
      return await load();
    } catch (error) {
      const delay = RETRY_DELAYS_MS[attempt];
      // Offline, another attempt now fails as fast: the boundary tries again once the browser is back.
      if (delay === undefined || !navigator.onLine) throw error;
      await wait(delay);
    }
  }
}

/**
 * Like React.lazy, but a load that failed is tried again the next time the component renders (after
 * a boundary has shown the failure), instead of failing for good. load resolves to the component
 * itself (`() => import('./x').then((m) => m.X)`).
 */
export function lazyComponent<P extends object>(load: () => Promise<ComponentType<P>>): ComponentType<P> {
  // React.lazy keeps its one load's outcome: a failed one is replaced by a fresh React.lazy.
  const code = { Lazy: lazyOnce() };
  function lazyOnce() {
    return lazy(() =>
      fetchWithRetries(load).then(
        (component) => ({ default: component }),
        (cause: unknown) => {
          const failed = code.Lazy;
          throw new LoadFailure(cause, () => {
            if (code.Lazy === failed) code.Lazy = lazyOnce();
          });
        },
      ),
    );
  }
  function LazyComponent(props: P) {
    const { Lazy } = code;
    return <Lazy {...props} />;
  }
  return LazyComponent;
}

/**
 * Vite adds a lazy chunk's stylesheet as a <link> before importing the chunk; one that failed stays in
 * the head, and Vite's next attempt takes it for loaded: the page would come back unstyled. Removed,
 * it is fetched again with the chunk.
 */
function forgetFailedStylesheet(event: Event): void {
  const payload: unknown = (event as Event & { payload?: unknown }).payload;
  const href = payload instanceof Error ? /Unable to preload CSS for (\S+)/.exec(payload.message)?.[1] : undefined;
  if (!href) return;
  for (const link of document.head.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')) if (link.href === href) link.remove();
}

if (typeof window !== 'undefined') window.addEventListener('vite:preloadError', forgetFailedStylesheet);
