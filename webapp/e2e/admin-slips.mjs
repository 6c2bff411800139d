// Browser tests of the admin area's small slips (issue 14), in English and Arabic, against the real
// server in a real Chromium:
//   an offer's discount is typed and read as a percent (12.5) while the API holds basis points (1250);
//   the pickup points' type column is headed as what it is; the sidebar reaches the bottom of a long
//   page on a desktop; dates in the admin are written the language's way (never 11/23/2026 in
//   Arabic); at 360 px the admin navigation still works without a page wider than the screen, and
//   every catalogue list shows each row whole (a card, its columns named, Edit and Archive on screen).
// Usage: MISHWAR_BIN=../bin/mishwar CHROMIUM=/usr/bin/chromium node e2e/admin-slips.mjs
//   (E2E_BASE_URL, E2E_ADMIN_EMAIL and E2E_ADMIN_PASSWORD test a server that is already running.)
// Exported as `run(ctx)` for the shared runner; `ctx` is { baseURL, browser, adminEmail, adminPassword }.

import assert from 'node:assert/strict';
import { fileURLToPath } from 'node:url';

import { pickDay, screenshotter, t } from './helpers.mjs';

const shot = screenshotter('admin-slips');

async function adminPage({ browser, baseURL, adminEmail, adminPassword }, lang, viewport) {
  const context = await browser.newContext({ viewport, locale: lang === 'ar' ? 'ar-EG' : 'en-GB' });
  await context.addCookies([{ name: 'lang', value: lang, domain: new URL(baseURL).hostname, path: '/' }]);
  const login = await context.request.post(`${baseURL}/api/user/login`, { data: { email: adminEmail, password: adminPassword } });
  assert.equal(login.status(), 200, `admin login: ${login.status()}`);
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  const errors = [];
  page.on('pageerror', (error) => errors.push(String(error)));
  return { context, page, errors };
}

const MONTH_DAY_YEAR = /\b\d{1,2}\/\d{1,2}\/\d{4}\b/;
/** Text without the invisible direction marks Arabic number formats carry (ALM, LRM, RLM, isolates). */
const plain = (text) => text.replace(/[\u061c\u200e\u200f\u2066-\u2069]/g, '').trim();

async function offerAsPercent(ctx, lang) {
  const { baseURL } = ctx;
  const { context, page, errors } = await adminPage(ctx, lang, { width: 1280, height: 820 });
  const stamp = Date.now().toString(36);
  const title = { en: `Winter nights ${stamp}`, ar: `ليالي الشتاء ${stamp}` };
  const percentLabel = `${t(lang, 'adminCatalogue.fields.percent_basis_points')} *`;
  try {
    await page.goto(`${baseURL}/admin/offer/create`);
    const titles = page.getByRole('group', { name: `${t(lang, 'adminCatalogue.fields.title')} *` });
    await titles.getByLabel(t(lang, 'adminCatalogue.english')).fill(title.en);
    await titles.getByLabel(t(lang, 'adminCatalogue.arabic')).fill(title.ar);
    // The days are picked on the app's own picker, written as the page's language writes them and
    // labelled Cairo (the browser's date box wrote 11/23/2026 on an Arabic page).
    await pickDay(page, 'field-valid_from', '2026-12-01');
    const untilShown = plain(await pickDay(page, 'field-valid_until', '2027-02-28'));
    if (lang === 'ar') assert.match(untilShown, /٢٨ فبراير ٢٠٢٧/, `Arabic date: ${untilShown}`);
    else assert.match(untilShown, /28 Feb 2027/, `English date: ${untilShown}`);
    assert.ok(!/\d+\/\d+\/\d+/.test(untilShown), `no browser date format: ${untilShown}`);
    // A new offer starts at 10 percent, not "1000".
    assert.equal(await page.getByLabel(percentLabel).inputValue(), '10');

    // More than two decimals and more than 100 are refused in the form, in the page's language.
    const percent = page.getByLabel(percentLabel);
    await percent.fill('12.555');
    await page.getByRole('button', { name: t(lang, 'adminCatalogue.save') }).click();
    const field = t(lang, 'adminCatalogue.fields.percent_basis_points');
    await page.getByText(t(lang, 'validation.percentDecimals', { field })).waitFor();
    await percent.fill('125');
    await page.getByRole('button', { name: t(lang, 'adminCatalogue.save') }).click();
    await page.getByText(t(lang, 'validation.percentRange', { field })).waitFor();

    await percent.fill('12.5');
    await page.getByRole('button', { name: t(lang, 'adminCatalogue.save') }).click();
    await page.waitForURL(`${baseURL}/admin/offer`);

    // The API holds basis points.
    const listed = await (await context.request.get(`${baseURL}/api/admin/offers?q=${encodeURIComponent(stamp)}`)).json();
    const offer = listed.data.find((o) => o.title?.en === title.en);
    assert.ok(offer, `offer ${title.en} not listed by the API`);
    assert.equal(offer.percent_basis_points, 1250);

    // The list reads the percent and the last day in the page's language.
    await page.getByLabel(t(lang, 'adminCatalogue.search')).fill(stamp);
    await page.getByRole('button', { name: t(lang, 'adminCatalogue.searchAction') }).click();
    const row = page.getByRole('row').filter({ has: page.getByRole('link', { name: title[lang] }) });
    await row.waitFor();
    const cells = await row.getByRole('cell').allInnerTexts();
    const headings = (await page.getByRole('columnheader').allInnerTexts()).map((h) => h.trim());
    const discount = cells[headings.findIndex((h) => h.toLowerCase() === t(lang, 'adminCatalogue.fields.discount').toLowerCase())];
    assert.equal(plain(discount ?? ''), lang === 'ar' ? '١٢٫٥٪' : '12.5%', `discount cell: ${JSON.stringify(cells)} under ${JSON.stringify(headings)}`);
    const until = cells[headings.findIndex((h) => h.toLowerCase() === t(lang, 'adminCatalogue.fields.valid_until').toLowerCase())] ?? '';
    assert.doesNotMatch(until, MONTH_DAY_YEAR);
    assert.doesNotMatch(until, /2027-02-28/);
    if (lang === 'ar') assert.match(until, /٢٠٢٧/, `Arabic last day: ${until}`);
    else assert.equal(until.trim(), '28 Feb 2027');
    await shot(page, `offers-${lang}`);

    // Opened again, the form reads 12.5; the history shows the percent and a Cairo time the language's way.
    await row.getByRole('link', { name: title[lang] }).click();
    await page.waitForURL(/\/admin\/offer\/(edit|create)\?id=/);
    assert.equal(await page.getByLabel(percentLabel).inputValue(), '12.5');
    const history = page.locator('.history');
    await history.getByText(t(lang, 'adminCatalogue.actions.created')).waitFor();
    const historyText = plain(await history.innerText());
    assert.ok(historyText.includes(lang === 'ar' ? '١٢٫٥٪' : '12.5%'), `history: ${historyText}`);
    assert.doesNotMatch(historyText, MONTH_DAY_YEAR);
    assert.ok(historyText.includes(t(lang, 'common.cairoTime', { time: '' }).trim()), `history names Cairo time: ${historyText}`);
    assert.deepEqual(errors, []);
  } finally {
    await context.close();
  }
}

async function pickupHeading(ctx, lang) {
  const { context, page } = await adminPage(ctx, lang, { width: 1280, height: 820 });
  try {
    await page.goto(`${ctx.baseURL}/admin/pickup-point`);
    await page.getByRole('table').waitFor();
    const headings = (await page.getByRole('columnheader').allInnerTexts()).map((h) => h.trim().toLowerCase());
    assert.ok(headings.includes(t(lang, 'adminCatalogue.fields.pointKind').toLowerCase()), `headings: ${headings}`);
    assert.ok(!headings.includes(t(lang, 'adminCatalogue.fields.kind').toLowerCase()), `a discount heading on pickup points: ${headings}`);
    // The column shows the type of place in words, not the API's value.
    const column = headings.indexOf(t(lang, 'adminCatalogue.fields.pointKind').toLowerCase());
    const kinds = await page.locator(`tbody tr td:nth-child(${column + 1})`).allInnerTexts();
    const words = ['airport', 'hotel', 'station', 'landmark'].map((k) => t(lang, `adminCatalogue.choices.kind.${k}`));
    assert.ok(kinds.length > 0 && kinds.every((k) => words.includes(k.trim())), `types: ${kinds}`);
  } finally {
    await context.close();
  }
}

async function sidebarFullHeight(ctx, lang) {
  const { context, page } = await adminPage(ctx, lang, { width: 1280, height: 820 });
  try {
    // A long page: the destinations list with its filters and twenty rows.
    await page.goto(`${ctx.baseURL}/admin/destination`);
    await page.getByRole('table').waitFor();
    const tall = await page.evaluate(() => document.documentElement.scrollHeight / window.innerHeight);
    assert.ok(tall > 1.5, `the page is not long enough to test: ${tall} screens`);
    for (const where of ['top', 'middle', 'bottom']) {
      await page.evaluate((w) => {
        const max = document.documentElement.scrollHeight - window.innerHeight;
        window.scrollTo(0, w === 'top' ? 0 : w === 'middle' ? max / 2 : max);
      }, where);
      // The sidebar is what shows at the bottom of the screen on the start side (left in English, right in Arabic).
      const covered = await page.evaluate((rtl) => {
        const x = rtl ? window.innerWidth - 10 : 10;
        return [window.innerHeight - 2, Math.floor(window.innerHeight / 2), 2].every((y) => document.elementFromPoint(x, y)?.closest('.admin-shell__sidebar'));
      }, lang === 'ar');
      assert.ok(covered, `the sidebar does not cover the screen's height at the ${where} of the page`);
      // Its menu stays in view.
      const menuInView = await page.evaluate(() => {
        const r = document.querySelector('.admin-nav')?.getBoundingClientRect();
        return Boolean(r && r.top >= 0 && r.top < window.innerHeight / 2);
      });
      assert.ok(menuInView, `the admin menu is out of view at the ${where} of the page`);
    }
    // The dark column runs the page's whole height (a full-page view shows no end halfway down).
    const gap = await page.evaluate(() => document.documentElement.scrollHeight - document.querySelector('.admin-shell__sidebar').offsetHeight);
    assert.ok(gap <= 1, `the sidebar ends ${gap}px above the bottom of the page`);
    await shot(page, `sidebar-bottom-${lang}`);
  } finally {
    await context.close();
  }
}

async function phoneNavigation(ctx, lang) {
  const { context, page } = await adminPage(ctx, lang, { width: 360, height: 760 });
  try {
    await page.goto(`${ctx.baseURL}/admin/offer`);
    await page.getByRole('heading', { level: 1, name: t(lang, 'admin.sections.offer.plural') }).waitFor();
    // On a phone the menu is folded behind one button, and the screen's title is on the first third.
    const toggle = page.getByTestId('admin-menu-toggle');
    assert.equal(await toggle.getAttribute('aria-expanded'), 'false');
    const main = await page.locator('main h1').boundingBox();
    await shot(page, `phone-top-${lang}`);
    assert.ok(main && main.y < 200, `${lang}: the screen's title starts ${main && main.y}px down, under the admin chrome`);
    await toggle.click();
    const nav = page.getByRole('navigation', { name: t(lang, 'admin.navLabel') });
    await nav.getByRole('link', { name: t(lang, 'admin.sections.pickup.plural') }).click();
    await page.waitForURL(`${ctx.baseURL}/admin/pickup-point`);
    await page.getByRole('heading', { level: 1, name: t(lang, 'admin.sections.pickup.plural') }).waitFor();
    // A choice folds the menu again.
    assert.equal(await toggle.getAttribute('aria-expanded'), 'false');
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    assert.ok(overflow <= 1, `the page is ${overflow}px wider than the phone`);
    await shot(page, `phone-${lang}`);
  } finally {
    await context.close();
  }
}

// The catalogue's lists (features/admin-catalogue/components/records-list.tsx), each on the one component.
const LISTS = ['/admin/rate', '/admin/offer', '/admin/driver', '/admin/country', '/admin/category', '/admin/destination', '/admin/programes', '/admin/pickup-point'];

/**
 * At 360 px every catalogue list shows each row whole, as a card: every column named beside its
 * value, and Edit and Archive on screen, reachable without scrolling sideways (they were past the
 * edge of a table scrolled in its box, with no hint there was more).
 */
async function phoneRowActions(ctx, lang) {
  const { context, page, errors } = await adminPage(ctx, lang, { width: 360, height: 760 });
  try {
    for (const path of LISTS) {
      await page.goto(`${ctx.baseURL}${path}`);
      const rows = page.locator('main .table-wrap table tbody tr');
      await rows.first().waitFor();
      const found = await page.evaluate(() => {
        const wrap = document.querySelector('.table-wrap');
        const onScreen = (el) => {
          const box = el.getBoundingClientRect();
          if (box.width === 0 || box.left < 0 || box.right > window.innerWidth) return false;
          el.scrollIntoView({ block: 'center' });
          const again = el.getBoundingClientRect();
          const hit = document.elementFromPoint(again.left + again.width / 2, again.top + again.height / 2);
          return Boolean(hit && (hit === el || el.contains(hit)));
        };
        const headings = [...document.querySelectorAll('main .table-wrap table thead th')].slice(1, -1).map((th) => th.textContent.trim());
        return {
          sideways: wrap ? wrap.scrollWidth - wrap.clientWidth : 0,
          rows: [...document.querySelectorAll('main .table-wrap table tbody tr')].map((tr) => {
            const cells = [...tr.querySelectorAll('td')];
            const labels = cells.slice(1, -1).map((td) => getComputedStyle(td, '::before').content.replace(/^"|"$/g, ''));
            const actions = [...tr.querySelectorAll('.table__actions a, .table__actions button')];
            return {
              name: cells[0]?.textContent.trim(),
              labelled: headings.every((heading, index) => labels[index] === heading),
              actions: actions.length,
              reachable: actions.every(onScreen),
              cellsOnScreen: cells.every((td) => td.getBoundingClientRect().right <= window.innerWidth + 1 && td.getBoundingClientRect().left >= -1),
            };
          }),
        };
      });
      const where = `${lang} ${path}`;
      assert.ok(found.sideways <= 1, `${where}: the list scrolls ${found.sideways}px sideways in its box`);
      assert.ok(found.rows.length > 0, `${where}: no rows`);
      for (const row of found.rows) {
        assert.ok(row.actions === 2 && row.reachable, `${where}: Edit and Archive of "${row.name}" are not both on screen: ${JSON.stringify(row)}`);
        assert.ok(row.cellsOnScreen && row.labelled, `${where}: "${row.name}" is not shown whole with its columns named: ${JSON.stringify(row)}`);
      }
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      assert.ok(overflow <= 1, `${where}: the page is ${overflow}px wider than the phone`);
    }
    // The driver list's Active column, the one cut off before, reads beside its name.
    await page.goto(`${ctx.baseURL}/admin/driver`);
    const first = page.locator('main .table-wrap table tbody tr').first();
    await first.getByText(t(lang, 'adminCatalogue.yes'), { exact: true }).first().waitFor();
    await shot(page, `phone-driver-list-${lang}`);
    // Archive from a card opens the confirmation (kept: nothing changes).
    await first.getByRole('button', { name: t(lang, 'adminCatalogue.archive') }).click();
    const ask = page.getByRole('alertdialog', { name: t(lang, 'adminCatalogue.confirmArchiveTitle') });
    await ask.getByRole('button', { name: t(lang, 'adminCatalogue.keep') }).click();
    await ask.waitFor({ state: 'hidden' });
    // The rows are still a table's rows to assistive technology.
    assert.ok((await page.getByRole('row').count()) > 1, `${lang}: the cards lost their table rows`);
    assert.deepEqual(errors, []);
  } finally {
    await context.close();
  }
}

export async function run(ctx) {
  for (const lang of ['en', 'ar']) {
    for (const [name, flow] of [
      ['an offer saved as 12.5% reads back as 12.5% and the API holds 1250', offerAsPercent],
      ['the pickup points list heads its type column as the type of place', pickupHeading],
      ['the sidebar covers the screen down to the bottom of a long page', sidebarFullHeight],
      ['at 360 px the admin navigation works and nothing is wider than the screen', phoneNavigation],
      ['at 360 px every catalogue list shows each row as a card with Edit and Archive on screen', phoneRowActions],
    ]) {
      const started = Date.now();
      await flow(ctx, lang);
      console.log(`ok   admin-slips ${lang}: ${name} (${Date.now() - started} ms)`);
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
    console.error('FAIL admin-slips:', error);
  } finally {
    await browser.close();
    await server.stop();
  }
  process.exit(failed ? 1 : 0);
}
