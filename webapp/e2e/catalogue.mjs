// Browser tests of the catalogue against the real server (the binary with the web app embedded, its
// own PostgreSQL, the demo catalogue) in a real Chromium:
//   public screens in English and Arabic: the home page's programs, the destinations list filtered by
//   category with "load more", a destination with its opening hours and map, a program with its stops
//   on a map, the pickup points; one full admin round trip per language: create a destination,
//   edit it, see the change in its history, archive it and see it leave the public pages; and the
//   home page's picture: chosen with the admin's own button (in the page's language), saved, shown
//   behind the hero's text at once and first, readable over a white picture, moving nothing.
// Usage: MISHWAR_BIN=../bin/mishwar CHROMIUM=/usr/bin/chromium node e2e/catalogue.mjs
//   (E2E_BASE_URL, E2E_ADMIN_EMAIL and E2E_ADMIN_PASSWORD test a server that is already running.)
// Exported as `run(ctx)` for the shared runner; `ctx` is { baseURL, browser, adminEmail, adminPassword }.

import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

import { fitsTheScreen, scrollToMap, t, VIEWS } from './helpers.mjs';

const here = new URL('.', import.meta.url);
const shots = new URL('../test-output/screenshots/', here);
mkdirSync(shots, { recursive: true });
const shot = (page, name) => page.screenshot({ path: fileURLToPath(new URL(`catalogue-${name}.png`, shots)), fullPage: true });

async function newPage(browser, baseURL, lang) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, locale: lang === 'ar' ? 'ar-EG' : 'en-GB' });
  await context.addCookies([{ name: 'lang', value: lang, domain: new URL(baseURL).hostname, path: '/' }]);
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  return { context, page };
}

async function publicScreens({ browser, baseURL }, lang) {
  const { context, page } = await newPage(browser, baseURL, lang);
  try {
    await page.goto(`${baseURL}/`);
    assert.equal(await page.locator('html').getAttribute('dir'), lang === 'ar' ? 'rtl' : 'ltr');
    const fullDay = lang === 'ar' ? 'رحلة اليوم الكامل: سيارة وسائق لمدة ٨ ساعات' : 'Full-day ride: car and driver for 8 hours';
    await page.getByRole('link', { name: fullDay }).first().waitFor();

    // The destinations of one category, a page at a time.
    await page.goto(`${baseURL}/destinations?category=museums`);
    const cards = page.locator('article.card');
    await cards.first().waitFor();
    const firstPage = await cards.count();
    const more = page.getByRole('button', { name: t(lang, 'destinations.loadMore') });
    if (await more.count()) {
      await more.click();
      await page.waitForFunction((n) => document.querySelectorAll('article.card').length > n, firstPage);
    }
    assert.ok((await cards.count()) >= 8, `museums and palaces: ${await cards.count()} cards`);

    // A destination: its hours, its map with the point even if tiles do not load, its programs.
    await page.goto(`${baseURL}/destination?id=citadel-of-saladin`);
    await page.getByRole('main').getByRole('heading', { name: t(lang, 'catalogue.openingHours') }).waitFor();
    // The hours are written in the page's own digits, as every other number on it.
    const hours = await page.locator('.hours-table td').allTextContents();
    assert.ok(hours.some((text) => /\d|[٠-٩]/.test(text)), `opening hours: ${hours.join(' | ')}`);
    assert.ok(hours.every((text) => !(lang === 'ar' ? /[0-9]/ : /[٠-٩]/).test(text)), `opening hours in ${lang} digits: ${hours.join(' | ')}`);
    // Its point's coordinates in the page's digits, separated by the language's own comma.
    const coordinates = (await page.getByTestId('destination-coordinates').innerText()).trim();
    assert.match(coordinates, lang === 'ar' ? /^[٠-٩]+٫[٠-٩]{4}، [٠-٩]+٫[٠-٩]{4}$/ : /^\d+\.\d{4}, \d+\.\d{4}$/, `coordinates: ${coordinates}`);
    await scrollToMap(page.getByRole('region', { name: t(lang, 'catalogue.mapOf', { name: lang === 'ar' ? 'قلعة صلاح الدين ومسجد محمد علي' : 'Citadel of Saladin and Muhammad Ali Mosque' }) }));
    assert.equal(await page.locator('.points-map__marker').count(), 1);
    // The point's label sits above its marker, centred, in either direction of the page.
    const [marker, label] = await Promise.all(['.points-map__marker', '.leaflet-tooltip'].map((css) => page.locator(css).boundingBox()));
    const centre = (box) => box.x + box.width / 2;
    assert.ok(Math.abs(centre(marker) - centre(label)) < 4 && label.y < marker.y, `${lang} map label at ${JSON.stringify(label)}, marker at ${JSON.stringify(marker)}`);
    await page.getByRole('heading', { name: t(lang, 'catalogue.programsHere') }).waitFor();
    await shot(page, `destination-${lang}`);

    // A program: its stops in order on a map with the route. The map's code first fails to load (the
    // connection lost as the map comes near): its place says so, and trying again draws it.
    await page.route(/\/assets\/leaflet/, (route) => route.abort());
    await page.goto(`${baseURL}/program/islamic-cairo-day`);
    // Its own price is the enquiry's; the page says a cart prices it by distance like any trip.
    await page.getByTestId('program-price-note').getByText(t(lang, 'program.priceNote')).waitFor();
    const stopsMap = page.getByRole('region', { name: t(lang, 'catalogue.stopsMap') });
    await stopsMap.scrollIntoViewIfNeeded();
    await stopsMap.getByRole('alert').getByText(t(lang, 'common.loadFailed')).waitFor();
    await page.unroute(/\/assets\/leaflet/);
    await stopsMap.getByRole('button', { name: t(lang, 'common.retry') }).click();
    await scrollToMap(stopsMap);
    assert.equal(await page.locator('.points-map__marker').count(), 6);

    // Pickup points: airports, hotels and the station on a map.
    await page.goto(`${baseURL}/points`);
    await scrollToMap(page.getByRole('region', { name: t(lang, 'catalogue.pointsMap') }));
    assert.ok((await page.locator('.points-map__marker').count()) >= 8);
  } finally {
    await context.close();
  }
}

async function adminRoundTrip({ browser, baseURL, adminEmail, adminPassword }, lang) {
  const { context, page } = await newPage(browser, baseURL, lang);
  const stamp = Date.now().toString(36);
  const nameEn = `Fish Garden ${stamp}`;
  const nameAr = `حديقة الأسماك ${stamp}`;
  const slug = `fish-garden-${stamp}`;
  try {
    const login = await context.request.post(`${baseURL}/api/user/login`, { data: { email: adminEmail, password: adminPassword } });
    assert.equal(login.status(), 200, `admin login: ${login.status()}`);

    // Create.
    await page.goto(`${baseURL}/admin/destination/create`);
    const group = (field) => page.getByRole('group', { name: `${t(lang, `adminCatalogue.fields.${field}`)} *` });
    // Saving an empty form marks the missing fields without a round trip.
    await page.getByRole('button', { name: t(lang, 'adminCatalogue.save') }).click();
    await page.getByText(t(lang, 'adminCatalogue.fixFields')).waitFor();
    await group('name').getByLabel(t(lang, 'adminCatalogue.english')).fill(nameEn);
    await group('name').getByLabel(t(lang, 'adminCatalogue.arabic')).fill(nameAr);
    await group('short_description').getByLabel(t(lang, 'adminCatalogue.english')).fill('Grottoes and fish tanks in a Zamalek garden.');
    await group('short_description').getByLabel(t(lang, 'adminCatalogue.arabic')).fill('مغارات وأحواض أسماك في حديقة بالزمالك.');
    await page.getByLabel(`${t(lang, 'adminCatalogue.fields.category_id')} *`).selectOption({ label: lang === 'ar' ? 'النيل والحدائق' : 'Nile and parks' });
    // A point outside Cairo is refused by the server, next to the field.
    await page.getByLabel(`${t(lang, 'adminCatalogue.fields.lat')} *`).fill('31.2');
    await page.getByLabel(`${t(lang, 'adminCatalogue.fields.lng')} *`).fill('31.2218');
    await page.getByRole('button', { name: t(lang, 'adminCatalogue.save') }).click();
    await page.locator('.field--invalid').first().waitFor();
    await page.getByLabel(`${t(lang, 'adminCatalogue.fields.lat')} *`).fill('30.0615');
    await page.getByRole('button', { name: t(lang, 'adminCatalogue.save') }).click();
    await page.waitForURL(`${baseURL}/admin/destination`);
    const pub = await context.request.get(`${baseURL}/api/destinations/${slug}`);
    assert.equal(pub.status(), 200, `public after create: ${pub.status()}`);

    // Find it and edit it.
    await page.getByLabel(t(lang, 'adminCatalogue.search')).fill(stamp);
    await page.getByRole('button', { name: t(lang, 'adminCatalogue.searchAction') }).click();
    await page.getByRole('link', { name: lang === 'ar' ? nameAr : nameEn }).click();
    await page.waitForURL(/\/admin\/destination\/edit\?id=/);
    await page.getByLabel(`${t(lang, 'adminCatalogue.fields.visit_minutes')} *`).fill('75');
    await page.getByRole('button', { name: t(lang, 'adminCatalogue.save') }).click();
    await page.waitForURL(`${baseURL}/admin/destination`);
    const edited = await (await context.request.get(`${baseURL}/api/destinations/${slug}`)).json();
    assert.equal(edited.data.visit_minutes, 75);

    // The history names the change.
    await page.getByLabel(t(lang, 'adminCatalogue.search')).fill(stamp);
    await page.getByRole('button', { name: t(lang, 'adminCatalogue.searchAction') }).click();
    await page.getByRole('link', { name: lang === 'ar' ? nameAr : nameEn }).click();
    const history = page.locator('.history');
    await history.getByText(t(lang, 'adminCatalogue.actions.updated')).waitFor();
    await history.getByText(t(lang, 'adminCatalogue.fields.visit_minutes')).first().waitFor();
    await shot(page, `admin-edit-${lang}`);

    // Archive from the list: it leaves the public pages and shows under "Archived".
    await page.goto(`${baseURL}/admin/destination`);
    await page.getByLabel(t(lang, 'adminCatalogue.search')).fill(stamp);
    await page.getByRole('button', { name: t(lang, 'adminCatalogue.searchAction') }).click();
    const row = page.getByRole('row').filter({ has: page.getByRole('link', { name: lang === 'ar' ? nameAr : nameEn }) });
    await row.getByRole('button', { name: t(lang, 'adminCatalogue.archive') }).click();
    // Asked first in the app's own dialog (not the browser's confirm()).
    const ask = page.getByRole('alertdialog', { name: t(lang, 'adminCatalogue.confirmArchiveTitle') });
    await ask.getByRole('button', { name: t(lang, 'adminCatalogue.archive') }).click();
    await ask.waitFor({ state: 'hidden' });
    await page.getByTestId('archive-notice').getByText(lang === 'ar' ? 'تمت الأرشفة' : 'Archived.').waitFor();
    assert.equal((await context.request.get(`${baseURL}/api/destinations/${slug}`)).status(), 404);
    await page.getByLabel(t(lang, 'adminCatalogue.status')).selectOption('archived');
    await row.getByRole('button', { name: t(lang, 'adminCatalogue.restore') }).waitFor();
  } finally {
    await context.close();
  }
}

/** WCAG's contrast of two sRGB colours ([r, g, b], 0–255). */
function contrast(a, b) {
  const luminance = (rgb) => {
    const [r, g, bl] = rgb.map((v) => {
      const c = v / 255;
      return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r + 0.7152 * g + 0.0722 * bl;
  };
  const [x, y] = [luminance(a), luminance(b)].sort((m, n) => n - m);
  return (x + 0.05) / (y + 0.05);
}

/**
 * The hero's text against what is behind it: for the eyebrow, the title and the lead, the palest
 * pixel behind each (a screenshot with the text hidden) and the text's colour laid over it.
 */
async function heroContrast(page) {
  const parts = ['.hero .eyebrow', '.hero__title', '.hero__lead'];
  const texts = await page.evaluate((selectors) => selectors.map((selector) => {
    const el = document.querySelector(selector);
    const box = el.getBoundingClientRect();
    const [r, g, b, a = 1] = getComputedStyle(el).color.match(/[\d.]+/g).map(Number);
    return { selector, box: { x: box.x, y: box.y, width: box.width, height: box.height }, color: [r, g, b], alpha: a, large: parseFloat(getComputedStyle(el).fontSize) >= 24 };
  }), parts);
  const hidden = await page.addStyleTag({ content: '.hero__text { visibility: hidden !important; }' });
  const png = (await page.screenshot()).toString('base64');
  await hidden.evaluate((tag) => tag.remove());
  const palest = await page.evaluate(async ([data, boxes]) => {
    const img = new Image();
    img.src = `data:image/png;base64,${data}`;
    await img.decode();
    const canvas = document.createElement('canvas');
    canvas.width = img.naturalWidth;
    canvas.height = img.naturalHeight;
    const g = canvas.getContext('2d');
    g.drawImage(img, 0, 0);
    const scale = img.naturalWidth / window.innerWidth;
    return boxes.map((box) => {
      const pixels = g.getImageData(Math.floor(box.x * scale), Math.floor(box.y * scale), Math.max(1, Math.floor(box.width * scale)), Math.max(1, Math.floor(box.height * scale))).data;
      let best = [0, 0, 0];
      let bestSum = -1;
      for (let i = 0; i < pixels.length; i += 4) {
        const sum = 0.2126 * pixels[i] + 0.7152 * pixels[i + 1] + 0.0722 * pixels[i + 2];
        if (sum > bestSum) [bestSum, best] = [sum, [pixels[i], pixels[i + 1], pixels[i + 2]]];
      }
      return best;
    });
  }, [png, texts.map((text) => text.box)]);
  return texts.map((text, index) => {
    const behind = palest[index];
    const shown = text.color.map((v, i) => text.alpha * v + (1 - text.alpha) * behind[i]);
    return { selector: text.selector, ratio: contrast(shown, behind), needed: text.large ? 3 : 4.5 };
  });
}

/**
 * A near-white picture (the worst behind white text), made by the browser: a JPEG of width × height
 * in greys from 225 to 255. Grain, not a flat white: Chromium does not count an image with too few bits
 * per pixel (a placeholder) as a page's largest paint.
 */
async function palePicture(page, width, height) {
  const data = await page.evaluate(([w, h]) => {
    const canvas = document.createElement('canvas');
    canvas.width = w;
    canvas.height = h;
    const g = canvas.getContext('2d');
    const image = g.createImageData(w, h);
    for (let i = 0; i < image.data.length; i += 4) {
      const grey = 225 + Math.floor(Math.random() * 31);
      image.data.set([grey, grey, grey, 255], i);
    }
    g.putImageData(image, 0, 0);
    return canvas.toDataURL('image/jpeg', 0.9).split(',')[1];
  }, [width, height]);
  return Buffer.from(data, 'base64');
}

/**
 * The home page's picture, uploaded in Admin → Home content with the admin's own button (the
 * browser's file box, in the browser's language, is out of sight), is shown behind the hero's text on
 * a desktop and a phone: at once and first (the page's largest paint), in the drawing's place without
 * moving anything, its text readable over a near-white picture. Then it is removed again.
 */
async function heroPicture({ browser, baseURL, adminEmail, adminPassword }, lang) {
  const { context, page } = await newPage(browser, baseURL, lang);
  try {
    const login = await context.request.post(`${baseURL}/api/user/login`, { data: { email: adminEmail, password: adminPassword } });
    assert.equal(login.status(), 200, `admin login: ${login.status()}`);
    await page.goto(`${baseURL}/admin/home/edit`);
    const field = page.getByRole('group', { name: t(lang, 'adminCatalogue.fields.hero.image') });
    const choose = field.getByRole('button', { name: t(lang, 'adminCatalogue.uploadPhoto') });
    await choose.waitFor();
    await field.getByText(t(lang, 'adminCatalogue.noFileChosen')).waitFor();
    const native = await field.locator('input[type="file"]').boundingBox();
    assert.ok(!native || (native.width <= 1 && native.height <= 1), `${lang}: the browser's own file box shows: ${JSON.stringify(native)}`);
    const [chooser] = await Promise.all([page.waitForEvent('filechooser'), choose.click()]);
    await chooser.setFiles({ name: 'pale-nile.jpg', mimeType: 'image/jpeg', buffer: await palePicture(page, 1200, 800) });
    await field.getByTestId('photo-chosen').getByText('pale-nile.jpg').waitFor();
    await field.locator('img[src*="-list."]').waitFor();
    await page.getByRole('button', { name: t(lang, 'adminCatalogue.save') }).click();
    await page.waitForURL(`${baseURL}/admin/home`);
    const home = (await (await fetch(`${baseURL}/api/home?lang=${lang}`)).json()).data;
    assert.match(home.hero?.image ?? '', /^\/uploads\/.+-detail\.jpg$/, `${lang}: /api/home's hero.image`);

    for (const view of ['desktop', 'phone']) {
      const where = `${lang} ${view} home`;
      const visitor = await browser.newContext({ ...VIEWS[view], locale: lang === 'ar' ? 'ar-EG' : 'en-GB' });
      await visitor.addCookies([{ name: 'lang', value: lang, domain: new URL(baseURL).hostname, path: '/' }]);
      const home = await visitor.newPage();
      await home.addInitScript(() => {
        window.__shifted = 0;
        window.__largest = [];
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries()) if (!entry.hadRecentInput) window.__shifted += entry.value;
        }).observe({ type: 'layout-shift', buffered: true });
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries()) window.__largest.push(entry.element?.className ?? '');
        }).observe({ type: 'largest-contentful-paint', buffered: true });
      });
      await home.goto(`${baseURL}/`);
      const photo = home.locator('main .hero img.hero__photo');
      await photo.waitFor();
      await home.waitForFunction(() => {
        const img = document.querySelector('main .hero img.hero__photo');
        return img && img.complete && img.naturalWidth > 0;
      });
      await home.waitForLoadState('networkidle', { timeout: 15_000 }).catch(() => undefined);
      assert.equal(await photo.getAttribute('src'), (await (await fetch(`${baseURL}/api/home?lang=${lang}`)).json()).data.hero.image, `${where}: the picture shown`);
      assert.equal(await photo.getAttribute('fetchpriority'), 'high', `${where}: the picture's priority`);
      assert.notEqual(await photo.getAttribute('loading'), 'lazy', `${where}: the picture is lazy`);
      assert.equal(await home.locator('main .hero .hero__art').count(), 0, `${where}: the drawing is still there`);
      // A box is null while its element is being replaced (seen once under load, in Arabic): measure
      // again until both are on the page, for at most 5 s.
      let hero = null;
      let covered = null;
      for (const until = Date.now() + 5_000; (!hero || !covered) && Date.now() < until; ) {
        [hero, covered] = await Promise.all([home.locator('main .hero').boundingBox(), photo.boundingBox()]);
        if (!hero || !covered) await home.waitForTimeout(100);
      }
      assert.ok(hero && covered, `${where}: the hero ${JSON.stringify(hero)} or its picture ${JSON.stringify(covered)} is not on the page`);
      assert.ok(['x', 'y', 'width', 'height'].every((k) => Math.abs(hero[k] - covered[k]) < 1), `${where}: the picture ${JSON.stringify(covered)} does not fill the hero ${JSON.stringify(hero)}`);
      const shifted = await home.evaluate(() => window.__shifted);
      assert.ok(shifted < 0.01, `${where}: layout shift ${shifted}`);
      const largest = await home.evaluate(() => window.__largest.at(-1));
      assert.equal(largest, 'hero__photo', `${where}: the largest paint is "${largest}", not the picture`);
      for (const { selector, ratio, needed } of await heroContrast(home)) {
        assert.ok(ratio >= needed, `${where}: ${selector} has a contrast of ${ratio.toFixed(2)} over a near-white picture (needs ${needed})`);
      }
      await fitsTheScreen(home, where, { lang });
      await home.screenshot({ path: fileURLToPath(new URL(`catalogue-hero-picture-${lang}-${view}.png`, shots)) });
      await visitor.close();
    }
  } finally {
    // The picture is removed again: the other suites expect the demo's home page.
    await page.goto(`${baseURL}/admin/home/edit`);
    const field = page.getByRole('group', { name: t(lang, 'adminCatalogue.fields.hero.image') });
    await field.getByRole('button', { name: t(lang, 'adminCatalogue.uploadPhoto') }).waitFor();
    const remove = field.getByRole('button', { name: t(lang, 'adminCatalogue.remove') });
    if (await remove.count()) {
      await remove.click();
      await page.getByRole('button', { name: t(lang, 'adminCatalogue.save') }).click();
      await page.waitForURL(`${baseURL}/admin/home`);
    }
    await context.close();
  }
}

export async function run(ctx) {
  for (const lang of ['en', 'ar']) {
    for (const [name, flow] of [
      ['public screens: home, category list with load more, destination hours and map, program stops map, pickup points', publicScreens],
      ['admin: create a destination, edit it, see its history, archive it', adminRoundTrip],
      ['admin: a home picture chosen with the page’s own button shows behind the hero, first, readable, moving nothing', heroPicture],
    ]) {
      const started = Date.now();
      await flow(ctx, lang);
      console.log(`ok   catalogue ${lang}: ${name} (${Date.now() - started} ms)`);
    }
  }
}

// Standalone: start the server (or use E2E_BASE_URL) and a browser, run, stop.
if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { chromium } = await import('playwright-core');
  let server;
  if (process.env.E2E_BASE_URL) {
    server = { baseURL: process.env.E2E_BASE_URL, adminEmail: process.env.E2E_ADMIN_EMAIL, adminPassword: process.env.E2E_ADMIN_PASSWORD, stop: async () => {} };
  } else {
    const { startServer } = await import('./accounts-server.mjs');
    server = await startServer(process.env.MISHWAR_BIN ?? '../bin/mishwar');
  }
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium', args: ['--no-sandbox'] });
  let failed = false;
  try {
    await run({ browser, baseURL: server.baseURL, adminEmail: server.adminEmail, adminPassword: server.adminPassword });
  } catch (error) {
    failed = true;
    console.error('FAIL catalogue:', error);
  } finally {
    await browser.close();
    await server.stop();
  }
  process.exit(failed ? 1 : 0);
}
