// What the feature suites share: the app's own strings, screenshots, unique e-mails and a signed-up
// traveller's browser context. Not a suite (it exports no run).

import assert from 'node:assert/strict';
import { createHmac, randomUUID } from 'node:crypto';
import { mkdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const here = new URL('.', import.meta.url);

function merge(into, from) {
  for (const [key, value] of Object.entries(from)) {
    if (value && typeof value === 'object') merge((into[key] ??= {}), value);
    else into[key] = value;
  }
  return into;
}

/** A language's translations, its parts (src/locales/<lang>/*.json) merged as the app merges them. */
export const messages = (lang) =>
  ['core', 'site', 'admin'].reduce((all, part) => merge(all, JSON.parse(readFileSync(new URL(`../src/locales/${lang}/${part}.json`, here), 'utf8'))), {});
const locales = { en: messages('en'), ar: messages('ar') };

/** A translated string of the web app, so a test says what the person reads in either language. */
export function t(lang, key, vars = {}) {
  const value = key.split('.').reduce((node, part) => node?.[part], locales[lang]);
  assert.equal(typeof value, 'string', `missing ${lang} string ${key}`);
  // A number is written as the app writes it (src/lib/i18n-numbers.ts): in the language's own digits.
  const shown = (v) => (typeof v === 'number' ? new Intl.NumberFormat(lang === 'ar' ? 'ar-EG' : 'en-GB').format(v) : String(v ?? ''));
  return value.replace(/\{\{(\w+)\}\}/g, (_, name) => shown(vars[name]));
}

const shots = new URL('../test-output/screenshots/', here);
mkdirSync(shots, { recursive: true });

/** shot(page, name) saves a full-page screenshot as `<prefix>-<name>.png` (git-ignored). */
export const screenshotter = (prefix) => (page, name) =>
  page.screenshot({ path: fileURLToPath(new URL(`${prefix}-${name}.png`, shots)), fullPage: true });

let seq = 0;
/** An e-mail address no other test uses. */
export const uniqueEmail = (prefix) => `${prefix}-${Date.now().toString(36)}-${(seq += 1)}@example.com`;

/**
 * Signs up through the API of `request` (a context's or a standalone one), as a patient client does:
 * every visitor of the browser tests comes from 127.0.0.1, so a full run goes past the sign-ups one
 * address may make in an hour (commands/accounts RegisterIP), and the answer is then 429 with how
 * long to wait (Retry-After), which is waited.
 */
export async function register(request, baseURL, data) {
  for (let attempt = 0; ; attempt += 1) {
    const res = await request.post(`${baseURL}/api/register`, { data });
    if (res.status() !== 429 || attempt === 3) return res;
    const wait = Math.min(Number(res.headers()['retry-after'] ?? '5') || 5, 90);
    await new Promise((resolve) => setTimeout(resolve, wait * 1000));
  }
}

/**
 * A browser context in lang, signed up through the API (which stores the session cookie in the
 * context). Returns the context, the e-mail and the token.
 */
export async function signedInContext(browser, baseURL, lang, { emailPrefix, firstName, lastName, password, contextOptions = {} }) {
  const context = await browser.newContext({
    viewport: { width: 1280, height: 900 },
    locale: lang === 'ar' ? 'ar-EG' : 'en-GB',
    ...contextOptions,
  });
  await context.addCookies([{ name: 'lang', value: lang, domain: new URL(baseURL).hostname, path: '/' }]);
  const email = uniqueEmail(emailPrefix);
  const res = await register(context.request, baseURL, { first_name: firstName, last_name: lastName, email, password, phone_number: '+201001234567' });
  assert.equal(res.status(), 200, `register: ${res.status()} ${await res.text()}`);
  const { token } = await res.json();
  return { context, email, token };
}

/** `text` with Arabic-Indic digits and separators read as Western ones, to compare amounts in either language. */
export const latinDigits = (text) =>
  text.replace(/[\u0660-\u0669]/g, (d) => String(d.charCodeAt(0) - 0x0660)).replace(/\u066C/g, ',').replace(/\u066B/g, '.');

/**
 * The Cairo date `days` days from now (YYYY-MM-DD). Specs that book 10:00 start two days ahead: the
 * first bookable day can be tomorrow, whose 10:00 is within the 12-hour booking lead late in a Cairo
 * evening.
 */
export const cairoDate = (days) => new Intl.DateTimeFormat('en-CA', { timeZone: 'Africa/Cairo' }).format(new Date(Date.now() + days * 86_400_000));

/** The JSON body of an API answer, failing with what was asked and the answer when it is not 2xx. */
export async function apiJSON(res, what) {
  const body = await res.text();
  assert.ok(res.ok(), `${what}: ${res.status()} ${body}`);
  return JSON.parse(body);
}

/**
 * Places, through the API of the signed-in `api` (a context's request), an order awaiting payment for
 * two demo destinations on the first bookable day, and returns the checkout's answer.
 */
export async function placeOrderThroughAPI(api, baseURL, email) {
  const destinations = (await apiJSON(await api.get(`${baseURL}/api/destinations`), 'destinations')).data;
  for (const d of destinations.slice(0, 2)) await apiJSON(await api.post(`${baseURL}/api/auth/cart`, { data: { destination_id: d.id } }), 'add to cart');
  const pickup = (await apiJSON(await api.get(`${baseURL}/api/pickup-points`), 'pickup points')).data[0];
  await apiJSON(await api.put(`${baseURL}/api/auth/cart/points`, { data: { start: { pickup_point_id: pickup.id }, same_end: true } }), 'points');
  const rate = (await apiJSON(await api.get(`${baseURL}/api/rates`), 'rates')).data[0];
  const from = cairoDate(2);
  const calendar = (await apiJSON(await api.get(`${baseURL}/api/orders/calendar?from=${from}&days=30`), 'calendar')).data;
  const day = (Array.isArray(calendar) ? calendar : calendar.days).find((d) => d.status === 'available');
  assert.ok(day, 'no bookable day');
  return apiJSON(
    await api.post(`${baseURL}/api/orders`, {
      data: { first_name: 'Salma', last_name: 'Nabil', email, confirm_email: email, phone: '1001234567', country_key: '+20', country: 'EG', terms: true, date: day.date, time: '10:00', rate_plan_id: rate.id, currency: 'EGP' },
      headers: { 'Idempotency-Key': randomUUID() },
    }),
    'place the order',
  );
}

/** The two screens every journey is tried on: a desktop and a 360 px phone. */
export const VIEWS = {
  desktop: { viewport: { width: 1280, height: 900 } },
  phone: { viewport: { width: 360, height: 760 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 },
};

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** Asks `fn` every 300 ms until it answers something truthy, and returns that; fails after timeoutMs. */
export async function eventually(what, fn, timeoutMs = 30_000) {
  for (const deadline = Date.now() + timeoutMs; Date.now() < deadline; await sleep(300)) {
    const last = await fn();
    if (last) return last;
  }
  throw new Error(`${what}: not within ${timeoutMs} ms`);
}

/**
 * A browser context in lang on `view` (VIEWS), signed in as email through the API. `timeout`, when
 * given, is its pages' default timeout; the rest of options go to the context.
 */
export async function signIn(browser, baseURL, lang, email, password, view = 'desktop', { timeout, ...contextOptions } = {}) {
  const context = await browser.newContext({ ...VIEWS[view], locale: lang === 'ar' ? 'ar-EG' : 'en-GB', ...contextOptions });
  if (timeout) context.setDefaultTimeout(timeout);
  await context.addCookies([{ name: 'lang', value: lang, domain: new URL(baseURL).hostname, path: '/' }]);
  await apiJSON(await context.request.post(`${baseURL}/api/user/login`, { data: { email, password } }), `sign in ${email}`);
  return context;
}

/**
 * A new traveller in lang, signed up in a desktop context, with an order awaiting payment
 * (placeOrderThroughAPI). Returns the context, the e-mail, the trip number and the payment page: the
 * checkout's, or (201 with payment_pending, the provider still opening it) the one the order carries
 * once open.
 */
export async function orderAwaitingPayment(browser, baseURL, lang, { emailPrefix, password }) {
  const { context, email } = await signedInContext(browser, baseURL, lang, { emailPrefix, firstName: 'Salma', lastName: 'Nabil', password });
  try {
    const api = context.request;
    const placed = await placeOrderThroughAPI(api, baseURL, email);
    const trip = placed.data.order_id;
    const paymentUrl =
      placed.payment_url || (await eventually('the payment page', async () => (await apiJSON(await api.get(`${baseURL}/api/orders/${trip}`), 'order')).data.payment_url || null));
    return { context, email, trip, paymentUrl };
  } catch (error) {
    await context.close();
    throw error;
  }
}

/** Pays on the sandbox's card page with the success card, in a page of context it closes after. */
export async function payWithTheSuccessCard(context, paymentUrl) {
  const page = await context.newPage();
  await page.goto(paymentUrl);
  await page.locator('#card_number').fill('4242 4242 4242 4242');
  await page.locator('#expiry').fill('12/39');
  await page.locator('#cvc').fill('123');
  await page.locator('button[name="pay"]').click();
  await page.waitForURL(/result=success/);
  await page.close();
}

/** The trip number of an order a new traveller placed and paid (their context closed). */
export async function paidOrder(browser, baseURL, { emailPrefix, password }) {
  const { context, trip, paymentUrl } = await orderAwaitingPayment(browser, baseURL, 'en', { emailPrefix, password });
  try {
    await payWithTheSuccessCard(context, paymentUrl);
    return trip;
  } finally {
    await context.close();
  }
}

/**
 * An order a new traveller placed, on which a signed sandbox notice reports 1.00 EGP captured: money
 * that differs from what was asked. Returns its trip number once staff (`adminApi`, a signed-in staff
 * context's request) see its payment flagged and the order still awaiting payment.
 */
export async function orderPaidOnePound({ browser, baseURL, sql }, adminApi, { emailPrefix, password }) {
  const { context, trip } = await orderAwaitingPayment(browser, baseURL, 'en', { emailPrefix, password });
  await context.close();
  const order = (await apiJSON(await adminApi.get(`${baseURL}/api/admin/orders/${trip}`), 'admin order')).data;
  await sandboxNotice({ baseURL, sql }, order.payments[0].id, { minor: 100, currency: 'EGP' });
  await eventually('the order flagged', async () => {
    const o = (await apiJSON(await adminApi.get(`${baseURL}/api/admin/orders/${trip}`), 'admin order')).data;
    return o.payments.some((p) => p.review) && o.status === 'awaiting_payment';
  });
  return trip;
}

/**
 * Sends the sandbox's notice that `amount` ({ minor, currency }) was captured on the payment
 * paymentId, signed with the deployment's sandbox secret (read with `sql`), as the provider would.
 */
export async function sandboxNotice({ baseURL, sql }, paymentId, amount) {
  const secret = Buffer.from(sql(`SELECT encode(secret, 'hex') FROM payment_secrets WHERE name = 'sandbox'`), 'hex');
  const body = JSON.stringify({ payment_id: paymentId, notice_id: `e2e-${randomUUID()}`, outcome: 'succeeded', amount, reference: `e2e-${randomUUID()}` });
  const ts = Math.floor(Date.now() / 1000);
  const signature = `t=${ts},v1=${createHmac('sha256', secret).update(`${ts}.${body}`).digest('hex')}`;
  const res = await fetch(`${baseURL}/api/payments/sandbox/callback`, { method: 'POST', body, headers: { 'Content-Type': 'application/json', 'Mishwar-Sandbox-Signature': signature } });
  assert.equal(res.status, 200, `callback: ${res.status} ${await res.text()}`);
}

/**
 * A traveller in lang with a booked, paid trip that staff gave a driver: signed up in a desktop
 * context, an order for two demo destinations (placeOrderThroughAPI) paid on the card page, and a
 * fresh driver account (e2e-<name>-driver-<lang>-…, the same password) linked by `admin` (a signed-in
 * staff context) to a driver free that day, who is assigned the trip. `beforeDriver(trip)`, when given,
 * runs once the trip is paid and before the driver is assigned (to open pages that then see the
 * assignment live). Returns { lang, email, trip, day, desktop, driverEmail, driver }.
 */
export async function paidTripWithDriver({ browser, baseURL, admin, addUser }, lang, { name, password, beforeDriver }) {
  const { context: desktop, email, trip, paymentUrl } = await orderAwaitingPayment(browser, baseURL, lang, { emailPrefix: `e2e-${name}-${lang}`, password });
  try {
    await payWithTheSuccessCard(desktop, paymentUrl);
    const order = (await apiJSON(await desktop.request.get(`${baseURL}/api/orders/${trip}`), 'the order')).data;
    const paid = { lang, email, trip, day: order.trip.date, desktop };
    if (beforeDriver) await beforeDriver(paid);
    const driverEmail = `e2e-${name}-driver-${lang}-${Date.now().toString(36)}@example.com`;
    addUser(driverEmail, password, 'driver');
    // Other suites on the same server book that day too: the driver with the fewest trips that day,
    // so that none of theirs overlaps ours (the server refuses an overlap with a 409).
    const board = await apiJSON(await admin.request.get(`${baseURL}/api/admin/trips?date=${paid.day}`), 'board');
    const [driver] = board.drivers.filter((d) => d.works_that_day && d.trips < d.trips_per_day).sort((a, b) => a.trips - b.trips);
    assert.ok(driver, `no driver free on ${paid.day}: ${JSON.stringify(board.drivers)}`);
    await apiJSON(await admin.request.put(`${baseURL}/api/admin/drivers/${driver.id}/account`, { data: { email: driverEmail } }), 'link the driver');
    await apiJSON(
      await admin.request.post(`${baseURL}/api/admin/trips/${trip}/driver`, { data: { driver_id: driver.id }, headers: { 'Idempotency-Key': `${name}-${trip}` } }),
      'assign the driver',
    );
    return { ...paid, driverEmail, driver };
  } catch (error) {
    await desktop.close();
    throw error;
  }
}

/**
 * The trip days' clocks: `on(day)` starts, once per day, a second `mishwar serve` of the fakeclock build
 * on the same database (the runner's startFakeClock) whose clock stands at 09:00 Cairo that day, and
 * returns it; `stop()` stops them all.
 */
export function tripDayClocks(startFakeClock) {
  const clocks = new Map();
  return {
    async on(day) {
      if (!clocks.has(day)) clocks.set(day, await startFakeClock(nineInCairo(day)));
      return clocks.get(day);
    },
    async stop() {
      for (const clock of clocks.values()) await clock.stop();
    },
  };
}

/** 09:00 on `day` in Cairo as RFC 3339, with Cairo's offset that day (summer time or not). */
export function nineInCairo(day) {
  const offset = new Intl.DateTimeFormat('en', { timeZone: 'Africa/Cairo', timeZoneName: 'longOffset' })
    .formatToParts(new Date(`${day}T12:00:00Z`))
    .find((part) => part.type === 'timeZoneName')
    .value.replace('GMT', '');
  return `${day}T09:00:00${offset || '+00:00'}`;
}

/**
 * Chooses on the checkout's calendar the first open day from `from` (by default two days ahead in
 * Cairo, never the first bookable day: late in a Cairo evening, or early in the morning for a trip to
 * places that close at 17:00, the booking lead leaves that day no pickup time) and returns its date.
 */
export async function chooseOpenDay(page, lang, from = cairoDate(2)) {
  for (let month = 0; month < 3; month += 1) {
    await page.waitForFunction(() => document.querySelectorAll('.booking-calendar__day[data-status]').length > 0);
    const open = await page.locator('.booking-calendar__day[data-status="available"]').evaluateAll((days) => days.map((d) => d.getAttribute('data-date')));
    const date = open.find((d) => d >= from);
    if (date) {
      await page.locator(`.booking-calendar__day[data-date="${date}"]`).click();
      return date;
    }
    await page.getByRole('button', { name: t(lang, 'checkout.calendar.next') }).click();
  }
  throw new Error(`no open day from ${from} in three months`);
}

/**
 * Picks `day` ("YYYY-MM-DD", Cairo) on the app's own day picker (components/ui/day-picker) named by
 * its test id `testId` in `scope` (a page or a locator): opens it, moves month by month to the day's
 * month, clicks the day and waits for the picker to show it. Returns the picker's text.
 */
export async function pickDay(scope, testId, day) {
  const picker = scope.getByTestId(testId);
  await picker.click();
  const grid = scope.getByTestId(`${testId}-grid`);
  await grid.waitFor();
  for (let step = 0; step < 36; step += 1) {
    const shown = await grid.locator('[data-date]').first().getAttribute('data-date');
    if (shown.slice(0, 7) === day.slice(0, 7)) break;
    await grid.getByTestId(shown.slice(0, 7) < day.slice(0, 7) ? 'day-picker-next' : 'day-picker-previous').click();
    await grid.locator(`[data-date^="${shown.slice(0, 7)}"]`).first().waitFor({ state: 'detached' });
  }
  await grid.locator(`[data-date="${day}"]`).click();
  await scope.locator(`[data-testid="${testId}"][data-value="${day}"]`).waitFor();
  return scope.getByTestId(testId).innerText();
}

// A map is drawn when it comes near the screen (src/components/ui/map.tsx): until then
// its place holds a busy box with the map's name. A check of a map scrolls to it, as a visitor does,
// and waits for its markers.
export async function scrollToMap(map) {
  await map.scrollIntoViewIfNeeded();
  await map.locator('.points-map__marker').first().waitFor();
}

/**
 * What every screen must show, on a 360 px phone above all, in either language: nothing sticks out sideways (the
 * culprits are named), no button, tab or link-button cuts its own words off, no fieldset is in the
 * browser's default grooved frame, and an Arabic screen writes
 * its numbers in one system: no Western digit in a run of Arabic words, and no number standing alone
 * in Western digits (a badge, a count, a clock: a text of digits and signs with no letter beside it).
 * Exempt, because they are legitimately Latin: what is set apart with dir="ltr", <bdi> or an isolate
 * (utils/format isolate) — phone numbers, car plates, e-mails, promo codes — what carries Latin
 * letters of its own (a trip number MSH-…) and an identifier (a UUID). `where` names the screen in the failure.
 */
export async function fitsTheScreen(page, where, { lang } = {}) {
  const found = await page.evaluate((arabic) => {
    const width = document.documentElement.clientWidth;
    const visible = (el) => el.offsetParent !== null || el.getClientRects().length > 0;
    const describe = (el) => `${el.tagName.toLowerCase()}${[...el.classList].map((c) => `.${c}`).join('')} "${(el.textContent ?? '').trim().slice(0, 40)}"`;
    const wide = [...document.querySelectorAll('body *')]
      .filter((el) => !el.closest('.leaflet-container, dialog:not([open])') && visible(el))
      .filter((el) => { for (let up = el.parentElement; up && up !== document.body; up = up.parentElement) if (/auto|scroll|hidden|clip/.test(getComputedStyle(up).overflowX)) return false; return true; })
      .filter((el) => {
        const box = el.getBoundingClientRect();
        return box.width > 0 && (box.right > width + 0.5 || box.left < -0.5);
      })
      .filter((el, _, all) => !all.includes(el.parentElement))
      .slice(0, 8)
      .map(describe);
    const clipped = [...document.querySelectorAll('button, a.btn, [role="tab"], .tabs a, .tabs button')]
      .filter((el) => visible(el) && getComputedStyle(el).visibility !== 'hidden')
      .filter((el) => el.scrollWidth > el.clientWidth + 1 || el.scrollHeight > el.clientHeight + 1)
      .filter((el) => el.clientWidth > 0 && (el.textContent ?? '').trim() !== '')
      .map(describe);
    // A fieldset in the browser's default frame (2px groove), not the app's own style.
    const framed = [...document.querySelectorAll('fieldset')]
      .filter((el) => visible(el) && !el.closest('dialog:not([open])') && getComputedStyle(el).borderTopStyle === 'groove')
      .map(describe);
    const mixed = [];
    if (arabic) {
      const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const parent = node.parentElement;
        if (!parent || parent.closest('script, style, noscript, input, textarea, bdi, [dir="ltr"], .leaflet-container, dialog:not([open])') || !visible(parent)) continue;
        // Codes written with Latin letters (MSH-NQP8YE, MWXG1OLI) are taken out first: their digits are
        // part of the code, not numbers.
        const text = (node.textContent ?? '').replace(/\u2068[^\u2069]*\u2069/g, '').replace(/[A-Za-z0-9_-]*[A-Za-z][A-Za-z0-9_-]*/g, (code) => (/[0-9]/.test(code) ? 'X' : code));
        if (!/[0-9]/.test(text)) continue;
        // Western digits among Arabic words, or a number standing alone (a badge, a count, a time):
        // no letter of any script beside it. A code with Latin letters (a trip number MSH-…, a promo
        // code) is not a lone number.
        // An identifier (a UUID) is a code, not a number.
        const lone = !/\p{L}/u.test(text) && !/^\s*[0-9a-f]{8}(-[0-9a-f]{4}){3}-[0-9a-f]{12}\s*$/i.test(text);
        if (/[\u0600-\u06FF]/.test(text.replace(/[\u0660-\u0669]/g, '')) || lone) mixed.push(text.trim().slice(0, 60));
      }
    }
    return { overflow: document.documentElement.scrollWidth - width, wide, clipped, framed, mixed: mixed.slice(0, 8) };
  }, lang === 'ar');
  assert.ok(found.overflow <= 1, `${where}: the page is ${found.overflow}px wider than the screen (${found.wide.join(', ')})`);
  assert.ok(found.clipped.length === 0, `${where}: buttons or tabs cut their words off: ${found.clipped.join(' | ')}`);
  assert.ok(found.framed.length === 0, `${where}: fieldsets in the browser's default frame: ${found.framed.join(' | ')}`);
  assert.ok(found.mixed.length === 0, `${where}: Western digits among Arabic words or standing alone: ${found.mixed.join(' | ')}`);
}

/**
 * Runs a suite on its own when its file is the one node was started with (`node e2e/<suite>.mjs`):
 * starts the server and a browser, runs the suite, stops both. Imported by run.mjs, it does nothing.
 */
export async function runAlone(moduleURL, name, run) {
  if (process.argv[1] !== fileURLToPath(moduleURL)) return;
  const { startServer } = await import('./accounts-server.mjs');
  const { chromium } = await import('playwright-core');
  const server = await startServer(process.env.MISHWAR_BIN ?? '../bin/mishwar');
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium', args: ['--no-sandbox'] });
  let failed = false;
  try {
    await run({ browser, baseURL: server.baseURL, adminEmail: server.adminEmail, adminPassword: server.adminPassword, addUser: server.addUser, sql: server.sql });
  } catch (error) {
    failed = true;
    console.error(`FAIL ${name}:`, error);
  } finally {
    await browser.close();
    await server.stop();
  }
  process.exit(failed ? 1 : 0);
}
