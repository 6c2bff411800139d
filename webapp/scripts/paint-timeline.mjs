#!/usr/bin/env node
// What a phone on a slow network really shows, and when (part of `make bench-web`, not of any test's
// pass/fail). Lighthouse simulates a slow phone from an unthrottled load; this loads each page in
// headless Chromium with the CPU slowed 4× and the network at Lighthouse's mobile figures (150 ms
// round trip, 1.6 Mbit/s down), and prints the browser's own first paint, first contentful paint and
// every largest-contentful-paint candidate with its element, and when the app took the page over from
// the server's first paint (its first render replaces that markup: the buttons work from then on). It
// starts the built binary with demo data on its own PostgreSQL, as the browser tests do, and builds
// nothing.
//
// Usage (from webapp/): node scripts/paint-timeline.mjs
//   MISHWAR_BIN   path of the binary (default ../bin/mishwar)
//   CHROMIUM      path of the browser (default /usr/bin/chromium)
//   RUNS          loads per page; each page's row is the load with the median largest paint (default 3)

import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

import { chromium } from 'playwright-core';

import { firstId, startServer } from '../e2e/accounts-server.mjs';

const webapp = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const binary = resolve(process.env.MISHWAR_BIN ?? join(webapp, '..', 'bin', 'mishwar'));
const runs = Math.max(1, Number(process.env.RUNS ?? 3));
const PHONE = { viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true };
const NETWORK = { offline: false, latency: 150, downloadThroughput: (1.6 * 1024 * 1024) / 8, uploadThroughput: (750 * 1024) / 8 };

/** One throttled load: the paints the browser reported, in order. */
async function load(browser, url) {
  const context = await browser.newContext(PHONE);
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', NETWORK);
    await page.addInitScript(() => {
      const paints = [];
      Object.defineProperty(window, '__paints', { value: paints });
      new PerformanceObserver((list) => {
        for (const e of list.getEntries()) paints.push({ name: e.name, at: e.startTime });
      }).observe({ type: 'paint', buffered: true });
      new PerformanceObserver((list) => {
        for (const e of list.getEntries()) {
          const el = e.element;
          const what = el ? `${el.tagName.toLowerCase()}.${[...el.classList].join('.')}` : e.url;
          paints.push({ name: 'largest', at: e.startTime, size: e.size, what });
        }
      }).observe({ type: 'largest-contentful-paint', buffered: true });
      // The server's first paint is the <main class="first-paint"> the app's first render replaces.
      new MutationObserver((_records, observer) => {
        if (document.readyState !== 'loading' && !document.querySelector('.first-paint')) {
          paints.push({ name: 'app', at: performance.now() });
          observer.disconnect();
        }
      }).observe(document, { childList: true, subtree: true });
    });
    await page.goto(url, { waitUntil: 'networkidle', timeout: 60_000 });
    await page.waitForTimeout(1000);
    return await page.evaluate(() => window.__paints);
  } finally {
    await context.close();
  }
}

const ms = (value) => (value == null ? '—' : `${Math.round(value)} ms`);

const server = await startServer(binary);
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
try {
  const destination = await firstId(server.baseURL, '/api/destinations?limit=1');
  const program = await firstId(server.baseURL, '/api/programs?limit=1');
  const pages = { home: '/', destination: `/destination?id=${destination}`, program: `/program/${program}`, checkout: '/checkout' };
  console.log(`\nPaint timeline, ${runs} load(s) per row (median largest paint), Chromium with 4× CPU slowdown, 150 ms RTT, 1.6 Mbit/s`);
  console.log('| page | language | first contentful paint | largest paint | its element | app took over | candidates (ms: element) |');
  console.log('|---|---|---:|---:|---|---:|---|');
  for (const [name, path] of Object.entries(pages)) {
    for (const lang of ['en', 'ar']) {
      const url = `${server.baseURL}${path}${path.includes('?') ? '&' : '?'}lang=${lang}`;
      const loads = [];
      for (let i = 0; i < runs; i += 1) loads.push(await load(browser, url));
      const last = (paints) => paints.filter((p) => p.name === 'largest').at(-1);
      loads.sort((a, b) => (last(a)?.at ?? 0) - (last(b)?.at ?? 0));
      const paints = loads[Math.floor((loads.length - 1) / 2)];
      const fcp = paints.find((p) => p.name === 'first-contentful-paint');
      const candidates = paints.filter((p) => p.name === 'largest');
      console.log(
        `| ${name} | ${lang} | ${ms(fcp?.at)} | ${ms(candidates.at(-1)?.at)} | ${candidates.at(-1)?.what ?? '—'} | ${ms(paints.find((p) => p.name === 'app')?.at)} | ${candidates.map((c) => `${Math.round(c.at)}: ${c.what}`).join('; ')} |`,
      );
    }
  }
} finally {
  await browser.close();
  await server.stop();
}
