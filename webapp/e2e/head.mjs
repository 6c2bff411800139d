// Browser test of what a page says about itself, in English and Arabic, on a desktop and a 360 px
// phone:
// - the head after in-app navigation: a visitor loads the home page, follows a destination card, then
//   a program, then goes back twice; at every step the search-engine tags (canonical, hreflang, Open
//   Graph, description, robots, JSON-LD, the language) and the title are those a fresh load of that
//   address shows, with exactly one canonical and at most one JSON-LD block of each kind;
// - a signed-out visitor's page loads (home, a destination, a program, checkout) make no failed
//   request to the site and log no console error (GET /api/me answers 200 with null, not 401); the
//   home page's translations, content and currencies, and a destination's and a program's answers on their pages,
//   are preloaded by the HTML and fetched once each;
// - the home page, checkout, a destination's and a program's page open with their first block in the
//   HTML (scripts off), in the page's language, fitting a phone, and the app draws the same block in
//   the same place;
// - the sandbox card page in Arabic writes the amount in Arabic-Indic digits with the Arabic currency,
//   right to left, and fits the phone (in English too).
// Exported as `run(ctx)` for the shared runner; `node e2e/head.mjs` runs it alone.

import assert from 'node:assert/strict';

import { fitsTheScreen, orderAwaitingPayment, runAlone, screenshotter, VIEWS } from './helpers.mjs';

const shot = screenshotter('head');
const HEAD_TYPE = 'application/vnd.mishwar.head+json';

async function visitor(browser, baseURL, lang, view) {
  const context = await browser.newContext({ ...VIEWS[view], locale: lang === 'ar' ? 'ar-EG' : 'en-GB' });
  await context.addCookies([{ name: 'lang', value: lang, domain: new URL(baseURL).hostname, path: '/' }]);
  return context;
}

/** The head as search engines and link previews read it, and the title. */
function headOf(page) {
  return page.evaluate(() => {
    const attrs = (sel, ...names) => [...document.head.querySelectorAll(sel)].map((el) => names.map((n) => el.getAttribute(n)).join(' ')).sort();
    return {
      lang: document.documentElement.lang,
      dir: document.documentElement.dir,
      title: document.title,
      canonical: attrs('link[rel="canonical"]', 'href'),
      alternates: attrs('link[rel="alternate"]', 'hreflang', 'href'),
      meta: attrs('meta[name="description"], meta[name="robots"], meta[property^="og:"], meta[name^="twitter:"]', 'name', 'property', 'content'),
      jsonld: [...document.head.querySelectorAll('script[type="application/ld+json"]')].map((el) => el.textContent),
    };
  });
}

/** Waits until the screen has drawn its heading and the app's requests (the head's among them) are done. */
async function settled(page) {
  await page.locator('main h1').first().waitFor();
  await page.waitForLoadState('networkidle', { timeout: 15_000 }).catch(() => undefined);
  // The screen's title is set in an effect after its data arrives.
  await page.waitForTimeout(300);
}

function checkShape(head, lang, where) {
  assert.equal(head.canonical.length, 1, `${where}: ${head.canonical.length} canonical links`);
  assert.equal(head.lang, lang, `${where}: html lang ${head.lang}`);
  assert.ok(head.meta.includes(` og:locale ${lang === 'ar' ? 'ar_EG' : 'en_US'}`), `${where}: og:locale ${head.meta.filter((m) => m.includes('locale'))}`);
  const types = head.jsonld.map((text) => JSON.parse(text)['@type']);
  assert.equal(new Set(types).size, types.length, `${where}: JSON-LD blocks of one kind twice: ${types}`);
  for (const text of head.jsonld) assert.equal(JSON.parse(text).inLanguage, lang, `${where}: JSON-LD in ${JSON.parse(text).inLanguage}`);
}

async function navigationKeepsTheHeadRight(browser, baseURL, lang, view) {
  const context = await visitor(browser, baseURL, lang, view);
  try {
    const page = await context.newPage();
    page.setDefaultTimeout(30_000);
    const fresh = await context.newPage();
    fresh.setDefaultTimeout(30_000);
    const matchesAFreshLoad = async (where) => {
      await settled(page);
      const after = await headOf(page);
      await fresh.goto(page.url());
      await settled(fresh);
      const loaded = await headOf(fresh);
      checkShape(after, lang, `${where} after navigating`);
      assert.deepEqual(after, loaded, `${lang} ${view} ${where}: the head after in-app navigation is not the one a fresh load of ${page.url()} renders`);
      return after;
    };
    // Follows a link inside the app, waiting for the head the app asks the server for.
    const follow = async (selector) => {
      const link = page.locator(selector).first();
      await link.waitFor();
      const asked = page.waitForResponse((res) => res.request().headers().accept === HEAD_TYPE);
      await link.scrollIntoViewIfNeeded();
      await link.click();
      const res = await asked;
      assert.equal(res.status(), 200, `head request ${res.url()}: ${res.status()}`);
    };
    const back = async () => {
      const asked = page.waitForResponse((res) => res.request().headers().accept === HEAD_TYPE);
      await page.goBack();
      await asked;
    };

    await page.goto(`${baseURL}/?lang=${lang}`);
    const home = await matchesAFreshLoad('home');

    await follow('main a[href^="/destination?id="]');
    assert.ok(new URL(page.url()).pathname === '/destination', page.url());
    const destination = await matchesAFreshLoad('destination');
    assert.notDeepEqual(destination.canonical, home.canonical, 'the destination kept the home page canonical');
    assert.ok(destination.jsonld.some((text) => JSON.parse(text)['@type'] === 'TouristAttraction'), `${lang} destination JSON-LD: ${destination.jsonld}`);

    await follow('main a[href^="/program/"]');
    assert.ok(new URL(page.url()).pathname.startsWith('/program/'), page.url());
    const program = await matchesAFreshLoad('program');
    assert.ok(program.jsonld.some((text) => JSON.parse(text)['@type'] === 'TouristTrip'), `${lang} program JSON-LD: ${program.jsonld}`);
    assert.ok(!program.jsonld.some((text) => JSON.parse(text)['@type'] === 'TouristAttraction'), 'the destination JSON-LD stayed on the program page');
    await shot(page, `${lang}-${view}-program`);

    await back();
    assert.deepEqual((await matchesAFreshLoad('back to the destination')).canonical, destination.canonical);
    await back();
    const again = await matchesAFreshLoad('back home');
    assert.deepEqual(again.canonical, home.canonical);
    assert.equal(again.jsonld.length, home.jsonld.length, 'JSON-LD blocks left over after going back home');
  } finally {
    await context.close();
  }
}

async function signedOutPagesMakeNoFailedRequest(browser, baseURL, lang, view) {
  const context = await visitor(browser, baseURL, lang, view);
  const origin = new URL(baseURL).origin;
  const problems = [];
  try {
    const page = await context.newPage();
    page.setDefaultTimeout(30_000);
    // Only the site's own requests: the map's tile server is outside (this VM cannot resolve it).
    const ours = (url) => url.startsWith(origin);
    page.on('response', (res) => {
      if (ours(res.url()) && res.status() >= 400) problems.push(`${res.status()} ${res.request().method()} ${res.url()}`);
    });
    page.on('requestfailed', (req) => {
      if (ours(req.url()) && !/ERR_ABORTED/.test(req.failure()?.errorText ?? '')) problems.push(`failed ${req.url()}: ${req.failure()?.errorText}`);
    });
    page.on('console', (msg) => {
      if (msg.type() === 'error' && ours(msg.location().url || origin)) problems.push(`console: ${msg.text()} (${msg.location().url})`);
    });
    page.on('pageerror', (error) => problems.push(`script error: ${error.message}`));
    // What the home page's first render waits for is preloaded by the HTML (httpapi/web/preload.go):
    // each must be fetched once, the app's own request served by the preload, and never left unused.
    const firstPaint = [];
    const unusedPreloads = [];
    page.on('request', (req) => {
      const url = new URL(req.url());
      if (/^\/assets\/core-[^/]+\.js$/.test(url.pathname) || ['/api/home', '/api/currencies'].includes(url.pathname)) firstPaint.push(url.pathname + url.search);
    });
    page.on('console', (msg) => {
      if (/preloaded using link preload but not used/.test(msg.text())) unusedPreloads.push(msg.text());
    });
    const me = page.waitForResponse((res) => new URL(res.url()).pathname === '/api/me');
    await page.goto(`${baseURL}/?lang=${lang}`);
    const meRes = await me;
    assert.equal(meRes.status(), 200, `signed-out /api/me: ${meRes.status()}`);
    assert.equal((await meRes.text()).trim(), 'null');
    await settled(page);
    assert.equal(firstPaint.length, 3, `${lang} ${view}: the home page's translations, content and currencies, each fetched once: ${firstPaint.join(', ')}`);
    assert.ok(firstPaint.includes(`/api/home?lang=${lang}`), `${lang} ${view}: home content asked in the page's language: ${firstPaint.join(', ')}`);
    const preloaded = await page.evaluate(() => [...document.querySelectorAll('link[rel="modulepreload"], link[rel="preload"]')].map((l) => l.getAttribute('href')));
    assert.ok(preloaded.includes(`/api/home?lang=${lang}`), `${lang} ${view}: the home page does not preload its content: ${preloaded.join(', ')}`);
    assert.ok(preloaded.some((href) => /^\/assets\/core-/.test(href)), `${lang} ${view}: the home page does not preload its translations: ${preloaded.join(', ')}`);
    const destination = await page.locator('main a[href^="/destination?id="]').first().getAttribute('href');
    const program = await page.locator('main a[href^="/program/"]').first().getAttribute('href');
    for (const path of [destination, program, '/checkout', '/about']) {
      // A fresh load each time: every page is somebody's first.
      const answers = [];
      const fetched = new Map();
      const onRequest = (req) => {
        const url = new URL(req.url());
        if (/^\/api\/(destinations|programs)\/[^/]+$/.test(url.pathname)) answers.push(url.pathname);
        if (ours(req.url()) && !req.isNavigationRequest()) fetched.set(url.pathname + url.search, (fetched.get(url.pathname + url.search) ?? 0) + 1);
      };
      page.on('request', onRequest);
      await page.goto(`${baseURL}${path}${path.includes('?') ? '&' : '?'}lang=${lang}`);
      await settled(page);
      page.off('request', onRequest);
      // A preload the page's own request did not match would be fetched a second time.
      const twice = [...fetched].filter(([, n]) => n > 1);
      assert.deepEqual(twice, [], `${lang} ${view} ${path}: fetched more than once`);
      if (path === destination || path === program) {
        assert.equal(answers.length, 1, `${lang} ${view} ${path}: its answer preloaded and fetched once: ${answers.join(', ')}`);
        const preloaded = await page.evaluate(() => [...document.querySelectorAll('link[rel="preload"]')].map((l) => l.getAttribute('href')));
        assert.ok(preloaded.some((href) => href.startsWith(answers[0])), `${lang} ${view} ${path}: its answer is not preloaded: ${preloaded.join(', ')}`);
      }
    }
    assert.deepEqual(unusedPreloads, [], `${lang} ${view}: preloads left unused`);
    // The account menu offers to sign in: the visitor is seen as signed out, not as an error.
    assert.deepEqual(problems, [], `${lang} ${view}: a signed-out visitor's pages made failed requests or logged errors`);
  } finally {
    await context.close();
  }
}

async function sandboxPageReadsLikeTheSite(browser, baseURL) {
  for (const lang of ['ar', 'en']) {
    const { context, paymentUrl } = await orderAwaitingPayment(browser, baseURL, lang, { emailPrefix: `head-pay-${lang}`, password: 'head-e2e-pass' });
    try {
      for (const view of ['phone', 'desktop']) {
        const page = await context.newPage();
        await page.setViewportSize(VIEWS[view].viewport);
        await page.goto(paymentUrl);
        const amount = (await page.getByTestId('sandbox-amount').innerText()).trim();
        if (lang === 'ar') {
          assert.match(amount, /^[٠-٩٬]+٫[٠-٩]{2} ج\.م$/, `Arabic amount: ${amount}`);
          assert.equal(await page.evaluate(() => document.documentElement.dir), 'rtl');
          assert.ok((await page.locator('button[name="pay"]').innerText()).includes(amount), 'the pay button says the Arabic amount');
        } else {
          assert.match(amount, /^[0-9,]+\.[0-9]{2} EGP$/, `English amount: ${amount}`);
        }
        await fitsTheScreen(page, `${lang} ${view} sandbox card page`, { lang });
        await shot(page, `${lang}-${view}-sandbox`);
        await page.close();
      }
    } finally {
      await context.close();
    }
  }
}

/**
 * The home page, checkout, a destination's and a program's page open with their first block in the
 * HTML, before any script has run: the hero with the catalogue's text in the page's language,
 * checkout's heading, the record's name and main photo; it fits a phone; and when the app has run, the
 * same block is there in the same place (nothing moved: no layout shift).
 */
async function pagesOpenWithTheirFirstScreen(browser, baseURL, lang, view) {
  const answer = async (path) => (await (await fetch(`${baseURL}${path}${path.includes('?') ? '&' : '?'}lang=${lang}`)).json()).data;
  const home = await answer('/api/home');
  const [destination] = await answer('/api/destinations?limit=1');
  const [program] = await answer('/api/programs?limit=1');
  const pages = [
    { name: 'home', path: '/', block: '.hero', title: '.hero__title', want: home.hero?.title },
    { name: 'checkout', path: '/checkout', block: '.page-header', title: '.page-header__title', want: lang === 'ar' ? 'إتمام الحجز' : 'Checkout' },
    { name: 'destination', path: `/destination?id=${destination.id}`, block: '.detail__photo', title: '.page-header__title', want: destination.name },
    { name: 'program', path: `/program/${program.id}`, block: '.detail__photo', title: '.page-header__title', want: program.name },
  ];
  for (const { name, path, block, title, want } of pages) {
    const where = `${path} ${lang} ${view}`;
    const bare = await browser.newContext({ ...VIEWS[view], locale: lang === 'ar' ? 'ar-EG' : 'en-GB', javaScriptEnabled: false });
    const before = await bare.newPage();
    const address = `${baseURL}${path}${path.includes('?') ? '&' : '?'}lang=${lang}`;
    await before.goto(address);
    const drawn = await before.locator(`#root ${title}`).innerText({ timeout: 5_000 });
    if (want) assert.equal(drawn.trim(), want, `${where}: the first paint's heading`);
    const box = await before.locator(`#root ${block}`).boundingBox();
    await fitsTheScreen(before, `${where} (first paint)`, { lang });
    await shot(before, `first-screen-${name}-${lang}-${view}`);
    await bare.close();

    const context = await visitor(browser, baseURL, lang, view);
    const page = await context.newPage();
    await page.addInitScript(() => {
      window.__shifted = 0;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) if (!entry.hadRecentInput) window.__shifted += entry.value;
      }).observe({ type: 'layout-shift', buffered: true });
    });
    await page.goto(address);
    await page.locator(`main ${title}`).first().waitFor();
    await page.waitForLoadState('networkidle', { timeout: 15_000 }).catch(() => undefined);
    assert.equal((await page.locator(`main ${title}`).first().innerText()).trim(), drawn.trim(), `${where}: the app's heading differs from the first paint's`);
    // Under load the block can still be on its way when the network idles (or the wait gives up).
    await page.locator(`main ${block}`).first().waitFor({ timeout: 15_000 });
    const after = await page.locator(`main ${block}`).first().boundingBox();
    assert.ok(box && after && Math.abs(box.y - after.y) < 1 && Math.abs(box.x - after.x) < 1 && Math.abs(box.width - after.width) < 1, `${where}: the block moved from ${JSON.stringify(box)} to ${JSON.stringify(after)}`);
    const shifted = await page.evaluate(() => window.__shifted);
    assert.ok(shifted < 0.01, `${where}: layout shift ${shifted}`);
    // Until the first paint is on screen the network is its own: the app's code and the answers its
    // first render asks for are requested once the boot module starts the app (src/boot.ts), which it
    // does at the first contentful paint (or, should the browser not report one soon after its first
    // frame, then: a loaded machine may take that path, which is no failure).
    const early = await page.evaluate(() => {
      const paint = performance.getEntriesByName('first-contentful-paint')[0]?.startTime;
      const start = performance.getEntriesByName('mishwar:app-start')[0];
      if (!start) return ['the boot module left no mishwar:app-start mark'];
      const problems = start.detail === 'first-contentful-paint' && !(paint <= start.startTime) ? [`app started at ${Math.round(start.startTime)} ms, before the first paint at ${paint} ms`] : [];
      return problems.concat(
        performance
          .getEntriesByType('resource')
          .filter((r) => r.startTime < start.startTime && /\/(assets\/(?!boot-)[^/]+\.js|api\/)/.test(new URL(r.name).pathname))
          .map((r) => `${new URL(r.name).pathname} at ${Math.round(r.startTime)} ms (app started at ${Math.round(start.startTime)} ms, ${start.detail})`),
      );
    });
    assert.deepEqual(early, [], `${where}: requested before the first paint`);
    await context.close();
  }
}

export async function run({ browser, baseURL }) {
  for (const lang of ['en', 'ar']) {
    for (const view of ['desktop', 'phone']) {
      await pagesOpenWithTheirFirstScreen(browser, baseURL, lang, view);
      await navigationKeepsTheHeadRight(browser, baseURL, lang, view);
      await signedOutPagesMakeNoFailedRequest(browser, baseURL, lang, view);
    }
  }
  await sandboxPageReadsLikeTheSite(browser, baseURL);
}

await runAlone(import.meta.url, 'head', run);
