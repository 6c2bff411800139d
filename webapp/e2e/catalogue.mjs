// Browser tests of the catalogue against the real server (the binary with the web app embedded, its
// own PostgreSQL, the demo catalogue) in a real Chromium:
//   public screens in English and Arabic: the home page's programs, the destinations list filtered by
//   category with "load more", a destination with its opening hours and map, a program with its stops
//   on a map, the pickup points; and one full admin round trip per language: create a destination,
//   edit it, see the change in its history, archive it and see it leave the public pages.
// Usage: MISHWAR_BIN=../bin/mishwar CHROMIUM=/usr/bin/chromium node e2e/catalogue.mjs
//   (E2E_BASE_URL, E2E_ADMIN_EMAIL and E2E_ADMIN_PASSWORD test a server that is already running.)
// Exported as `run(ctx)` for the shared runner; `ctx` is { baseURL, browser, adminEmail, adminPassword }.

import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

import { scrollToMap, t } from './helpers.mjs';

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

export async function run(ctx) {
  for (const lang of ['en', 'ar']) {
    for (const [name, flow] of [
      ['public screens: home, category list with load more, destination hours and map, program stops map, pickup points', publicScreens],
      ['admin: create a destination, edit it, see its history, archive it', adminRoundTrip],
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
