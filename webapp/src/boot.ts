// Starts the app once the browser has shown the page's HTML. index.html loads this module instead of
// the app's entry (vite.config.ts, mishwar-start-after-paint). The server writes a first paint into the
// page (the site's bar and, on some pages, the page's opening block: httpapi/web/screens.go), which
// needs only the stylesheet and the fonts. Until that paint is on screen the app's code, its route's
// code and the API answers its first render asks for wait as links in inert templates
// (data-after-first-paint, from the build and from httpapi/web/preload.go): on a slow network they
// would share the bandwidth with what the paint needs, and run, they would hold the paint back for
// the seconds a phone takes to start React.

let started = false;

// Why the app was started: the first contentful paint, the fallback after the first frame, or a page
// opened in a background tab. Left as a performance mark (mishwar:app-start) for the browser tests
// and anyone profiling a load.
type StartReason = 'first-contentful-paint' | 'first-frame' | 'hidden';

function start(reason: StartReason): void {
  if (started) return;
  started = true;
  performance.mark('mishwar:app-start', { detail: reason });
  const waiting: Element[] = [];
  for (const later of document.querySelectorAll<HTMLTemplateElement>('template[data-after-first-paint]')) {
    waiting.push(...later.content.children);
    later.remove();
  }
  const entry = waiting.find((link) => link.matches('[data-app]'))?.getAttribute('href');
  // Each link put in the head starts a request, a millisecond or more of the main thread on a phone:
  // dozens at once would be one long task holding back the visitor's first tap. They go in a few at a
  // time, yielding between, and the entry is imported once all its files and the answers its first
  // render asks for are on their way.
  (function putInHead(): void {
    const until = performance.now() + 5;
    for (let link = waiting.shift(); link; link = performance.now() < until ? waiting.shift() : undefined) {
      document.head.append(document.importNode(link, true));
    }
    if (waiting.length > 0) setTimeout(putInHead, 0);
    else if (entry) void import(/* @vite-ignore */ entry);
  })();
}

// Started when the first contentful paint is on screen (the browser reports it after the frame is
// shown, later than the frame's own callbacks run). A browser that does not report paints starts it
// after its first frame; every page has the site's name to paint, and a frame that somehow painted no
// content does not hold the app back for more than a moment. A page in a background tab paints nothing
// until shown: it starts at once.
const reportsPaints = typeof PerformanceObserver === 'function' && 'supportedEntryTypes' in PerformanceObserver && PerformanceObserver.supportedEntryTypes.includes('paint');
if (document.visibilityState === 'hidden') {
  start('hidden');
} else {
  if (reportsPaints) {
    new PerformanceObserver((list, observer) => {
      if (list.getEntries().some((e) => e.name === 'first-contentful-paint')) {
        observer.disconnect();
        setTimeout(() => start('first-contentful-paint'), 0);
      }
    }).observe({ type: 'paint', buffered: true });
  }
  requestAnimationFrame(() => setTimeout(() => start('first-frame'), reportsPaints ? 500 : 0));
}
