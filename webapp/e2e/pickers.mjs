// Browser test of the admin screens' day pickers (the trips board's day, the holiday's date), in
// English and Arabic, on a desktop and a 360 px phone, against the real server: no bare browser date
// or time box; the day is picked on the app's own month grid, shows as the page's language writes it
// (Arabic digits in Arabic, never 11/30/2026), labelled Cairo; what is picked is what is asked of the
// server (the board's ?date=, the holiday's date) and what the screen then lists. The enquiry form on
// /rates and the enquiry's quote are covered by enquiry.mjs.
// Run alone: MISHWAR_BIN=../bin/mishwar CHROMIUM=/usr/bin/chromium node e2e/pickers.mjs
// Exported as `run(ctx)` for the shared runner (ctx: { browser, baseURL, adminEmail, adminPassword }).

import assert from 'node:assert/strict';

import { cairoDate, fitsTheScreen, pickDay, runAlone, screenshotter, signIn, t } from './helpers.mjs';

const shot = screenshotter('pickers');

/** The picker's text: the day spelled in the page's language and digits, labelled Cairo. */
function readsAsTheLanguage(lang, text, where) {
  assert.ok(text.includes(t(lang, 'dayPicker.value', { day: '' }).trim()), `${where}: labelled Cairo: ${text}`);
  assert.ok(!/\d+\/\d+\/\d+/.test(text), `${where}: not the browser's date: ${text}`);
  if (lang === 'ar') assert.ok(/[٠-٩]/.test(text) && !/[0-9]/.test(text), `${where}: Arabic digits: ${text}`);
}

async function board(page, baseURL, lang, view) {
  const where = `trips board ${lang} ${view}`;
  await page.goto(`${baseURL}/admin/trip`);
  const picker = page.getByTestId('board-date');
  await picker.waitFor();
  assert.equal(await page.locator('main input[type="date"], main input[type="time"]').count(), 0, `${where}: no bare browser date box`);
  assert.equal(await picker.getAttribute('data-value'), cairoDate(0), `${where}: opens on today in Cairo`);
  // A day two months on: the grid moves month by month; the board asks the server for that day.
  const day = cairoDate(62);
  await picker.click();
  await page.getByTestId('board-date-grid').waitFor();
  await fitsTheScreen(page, `${where} (grid open)`, { lang });
  await shot(page, `board-${lang}-${view}`);
  await picker.click();
  const asked = page.waitForRequest((request) => new URL(request.url()).pathname === '/api/admin/trips' && new URL(request.url()).searchParams.get('date') === day);
  readsAsTheLanguage(lang, await pickDay(page, 'board-date', day), where);
  await asked;
  // Admin screens may go back in time: a past day is offered.
  const past = cairoDate(-40);
  const askedPast = page.waitForRequest((request) => new URL(request.url()).pathname === '/api/admin/trips' && new URL(request.url()).searchParams.get('date') === past);
  await pickDay(page, 'board-date', past);
  await askedPast;
  await fitsTheScreen(page, where, { lang });
}

async function holiday(page, baseURL, lang, view, api, day) {
  const where = `holiday ${lang} ${view}`;
  await page.goto(`${baseURL}/admin/home`);
  const picker = page.getByTestId('holiday-date');
  await picker.waitFor();
  assert.equal(await page.locator('main input[type="date"], main input[type="time"]').count(), 0, `${where}: no bare browser date box`);
  // Nothing picked yet: the holiday cannot be added; days before today in Cairo are not offered.
  const add = page.getByRole('button', { name: t(lang, 'adminCatalogue.addHoliday') });
  assert.ok(await add.isDisabled(), `${where}: no day, no holiday`);
  await picker.click();
  const grid = page.getByTestId('holiday-date-grid');
  await grid.waitFor();
  const yesterday = cairoDate(-1);
  if (yesterday.slice(0, 7) === cairoDate(0).slice(0, 7)) assert.ok(await grid.locator(`[data-date="${yesterday}"]`).isDisabled(), `${where}: yesterday is not offered`);
  await fitsTheScreen(page, `${where} (grid open)`, { lang });
  await picker.click();
  readsAsTheLanguage(lang, await pickDay(page, 'holiday-date', day), where);
  const group = page.getByRole('group', { name: new RegExp(t(lang, 'adminCatalogue.fields.holiday_name')) });
  await group.getByLabel(t(lang, 'adminCatalogue.english')).fill(`E2E holiday ${lang} ${view}`);
  await group.getByLabel(t(lang, 'adminCatalogue.arabic')).fill('عطلة تجربة');
  const sent = page.waitForRequest((request) => request.method() === 'POST' && new URL(request.url()).pathname === '/api/admin/settings/holidays');
  await add.click();
  assert.equal((await sent).postDataJSON().date, day, `${where}: the holiday sent is the day picked`);
  // Listed as the page's language writes the day, labelled Cairo.
  const listed = page.getByTestId(`holiday-${day}`);
  await listed.waitFor();
  readsAsTheLanguage(lang, await listed.innerText(), `${where} (listed)`);
  await fitsTheScreen(page, where, { lang });
  await shot(page, `holiday-${lang}-${view}`);
  // Taken away again, so no other suite finds the day closed.
  const removed = await api.delete(`${baseURL}/api/admin/settings/holidays/${day}`);
  assert.ok(removed.ok(), `${where}: removed (${removed.status()})`);
}

export async function run(ctx) {
  const { browser, baseURL, adminEmail, adminPassword } = ctx;
  let n = 0;
  for (const lang of ['en', 'ar']) {
    for (const view of ['desktop', 'phone']) {
      const started = Date.now();
      const context = await signIn(browser, baseURL, lang, adminEmail, adminPassword, view, { timeout: 20_000 });
      const page = await context.newPage();
      const errors = [];
      page.on('pageerror', (error) => errors.push(String(error)));
      try {
        await board(page, baseURL, lang, view);
        // A day well past what other suites book (two years on, a different one per run).
        n += 1;
        await holiday(page, baseURL, lang, view, context.request, cairoDate(700 + n));
        assert.deepEqual(errors, [], `no page errors: ${errors.join('; ')}`);
      } catch (error) {
        await shot(page, `${lang}-${view}-failed`).catch(() => undefined);
        throw error;
      } finally {
        await context.close();
      }
      console.log(`ok   pickers ${lang} ${view}: the board's day and a holiday picked on the app's picker, sent and shown as picked (${Date.now() - started} ms)`);
    }
  }
}

await runAlone(import.meta.url, 'pickers', run);
