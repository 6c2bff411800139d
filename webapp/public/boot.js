// Starts the app once the browser has shown the page's HTML. The server writes a first paint into it
// (the site's bar and, on some pages, the page's opening block: httpapi/web/screens.go), which needs
// only the stylesheet. The app's code (index.html announces it with modulepreload, so it downloads
// meanwhile) would otherwise run first and hold that paint back until React and the app had run:
// seconds on a phone. The build puts this file in place of the entry's own script tag (vite.config.ts,
// mishwar-start-after-paint).
const entry = document.querySelector('link[rel="modulepreload"][data-app]');
let started = false;
function start() {
  if (started || !entry) return;
  started = true;
  import(entry.href);
}

// Started when the first contentful paint is on screen (the browser reports it after the frame is
// shown, later than the frame's own callbacks run). A browser that does not report paints starts it
// after its first frame; every page has the site's name to paint, and a frame that somehow painted
// no content does not hold the app back for more than a moment. A page in a background tab paints
// nothing until shown: it starts at once.
const reportsPaints = typeof PerformanceObserver === 'function' && Boolean(PerformanceObserver.supportedEntryTypes?.includes('paint'));
if (document.visibilityState === 'hidden') {
  start();
} else {
  if (reportsPaints) {
    new PerformanceObserver((list, observer) => {
      if (list.getEntries().some((e) => e.name === 'first-contentful-paint')) {
        observer.disconnect();
        setTimeout(start, 0);
      }
    }).observe({ type: 'paint', buffered: true });
  }
  requestAnimationFrame(() => setTimeout(start, reportsPaints ? 500 : 0));
}
