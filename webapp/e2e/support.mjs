// Browser test of the support console, in English and Arabic, on a desktop and a 360 px phone, against
// the real server: a traveller places an order (under a last name no other run uses) and cancels it;
// support staff sign in, search the order by a part of that last name typed in another case, open it,
// read its card (money in its currency, the free-cancellation window in words, times in Cairo time,
// the traveller by name and role) and see what the cancellation changed (the status, from "Awaiting
// payment" to "Cancelled", old value struck through, new one inserted), with every screen fitting.
// Then a paid trip staff gave a driver: its driver card names that driver (car, plate) at the last
// version and says "no driver yet" at the first, before the assignment (issue 14). Read models offer
// a rebuild behind a question; process managers offer none.
// Exported as `run(ctx)` for the shared runner (ctx: { browser, baseURL, addUser, adminEmail, adminPassword }).

import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';

import { apiJSON, cairoDate, fitsTheScreen, paidTripWithDriver, runAlone, screenshotter, signedInContext, signIn, t, uniqueEmail } from './helpers.mjs';

const shot = screenshotter('support');
const VIEWS = {
  desktop: { viewport: { width: 1280, height: 900 } },
  phone: { viewport: { width: 360, height: 760 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 },
};

// What the server says (internal/i18n/catalog_support.go), in each language.
const SAYS = {
  en: {
    awaiting: 'Awaiting payment',
    cancelled: 'Cancelled',
    money: /^EGP \d{1,3}(,\d{3})*\.\d\d$/,
    freeCancellation: /^Free up to 24 hours before the start$/,
    start: /, 10:00 Cairo time$/,
    traveller: (name) => `${name} (Traveller)`,
    placed: 'Order placed',
    cancelledEvent: 'Order cancelled',
    noDriver: 'No driver yet',
    driverHeading: 'Driver at this version',
  },
  ar: {
    awaiting: 'بانتظار الدفع',
    cancelled: 'ملغى',
    money: /^[٠-٩]{1,3}(٬[٠-٩]{3})*٫[٠-٩]{2} ج\.م$/,
    freeCancellation: /^مجاني حتى ٢٤ ساعة قبل البدء$/,
    start: /، ١٠:٠٠ ص بتوقيت القاهرة$/,
    traveller: (name) => `${name} (مسافر)`,
    placed: 'تم تقديم الطلب',
    cancelledEvent: 'أُلغي الطلب',
    noDriver: 'بلا سائق بعد',
    driverHeading: 'السائق عند هذا الإصدار',
  },
};

const letters = () => randomUUID().replace(/[^a-f]/g, '').slice(0, 6).padEnd(6, 'q');

/** A traveller (account and contact "Salma Haddad<letters>") places an order and cancels it. */
async function placeAndCancel(browser, baseURL, lang) {
  const last = `Haddad${letters()}`;
  const { context, email } = await signedInContext(browser, baseURL, lang, { emailPrefix: `e2e-support-traveller-${lang}`, firstName: 'Salma', lastName: last, password: 'support-traveller-1' });
  try {
    const api = context.request;
    const destinations = (await apiJSON(await api.get(`${baseURL}/api/destinations`), 'destinations')).data;
    for (const d of destinations.slice(0, 2)) await apiJSON(await api.post(`${baseURL}/api/auth/cart`, { data: { destination_id: d.id } }), 'add to cart');
    const pickup = (await apiJSON(await api.get(`${baseURL}/api/pickup-points`), 'pickup points')).data[0];
    await apiJSON(await api.put(`${baseURL}/api/auth/cart/points`, { data: { start: { pickup_point_id: pickup.id }, same_end: true } }), 'points');
    const rate = (await apiJSON(await api.get(`${baseURL}/api/rates`), 'rates')).data[0];
    const calendar = (await apiJSON(await api.get(`${baseURL}/api/orders/calendar?from=${cairoDate(2)}&days=30`), 'calendar')).data;
    const day = (Array.isArray(calendar) ? calendar : calendar.days).find((d) => d.status === 'available');
    assert.ok(day, 'no bookable day');
    const placed = await apiJSON(
      await api.post(`${baseURL}/api/orders`, {
        data: { first_name: 'Salma', last_name: last, email, confirm_email: email, phone: '1001234567', country_key: '+20', country: 'EG', terms: true, date: day.date, time: '10:00', rate_plan_id: rate.id, currency: 'EGP' },
        headers: { 'Idempotency-Key': randomUUID() },
      }),
      'place the order',
    );
    const id = placed.data.order_id;
    await apiJSON(await api.post(`${baseURL}/api/orders/${id}/cancel`, { data: { reason: 'Plans changed' }, headers: { 'Idempotency-Key': randomUUID() } }), 'cancel the order');
    return { id, last };
  } finally {
    await context.close();
  }
}

/** A support agent signed in through the sign-in form in lang on view, on the support console. */
async function supportPage({ browser, baseURL, addUser }, lang, view) {
  const email = uniqueEmail(`e2e-support-${lang}-${view}`);
  addUser(email, 'support-e2e-pass', 'support');
  const context = await browser.newContext({ ...VIEWS[view], locale: lang === 'ar' ? 'ar-EG' : 'en-GB' });
  await context.addCookies([{ name: 'lang', value: lang, domain: new URL(baseURL).hostname, path: '/' }]);
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  const errors = [];
  page.on('pageerror', (error) => errors.push(String(error)));
  await page.goto(`${baseURL}/admin/login`);
  const form = page.locator('main form');
  await form.getByLabel(t(lang, 'fields.email')).fill(email);
  await form.getByLabel(t(lang, 'fields.password'), { exact: true }).fill('support-e2e-pass');
  await form.getByRole('button', { name: t(lang, 'auth.signInAction') }).click();
  await page.waitForURL(`${baseURL}/admin/dashboard`);
  await page.goto(`${baseURL}/admin/support`);
  return { context, page, errors };
}

async function supportConsole(ctx, lang, view) {
  const says = SAYS[lang];
  const { id, last } = await placeAndCancel(ctx.browser, ctx.baseURL, lang);
  const { context, page, errors } = await supportPage(ctx, lang, view);
  try {

    // Punctuation alone is not a search: the server says why, in the page's language.
    const search = page.getByTestId('support-search');
    await search.fill('--');
    await page.locator('.field--invalid').waitFor();
    assert.match(await page.locator('.field--invalid').innerText(), lang === 'ar' ? /اكتب جزءًا من اسم/ : /Type part of a name/);

    // A part of the last name, in capitals, finds the one order.
    await search.fill(last.slice(3).toUpperCase());
    const hit = page.getByTestId('support-hit');
    await hit.first().waitFor();
    assert.equal(await hit.count(), 1, 'the fragment of a last name finds one order');
    const hitText = await hit.innerText();
    assert.ok(hitText.includes(id) && hitText.includes(`Salma ${last}`) && hitText.includes(says.cancelled), `the hit: ${hitText}`);
    await fitsTheScreen(page, `support search ${lang}/${view}`, { lang });
    await hit.click();

    // The card: status in words, money in its currency, the window in words, times in Cairo time.
    const card = page.getByTestId('support-card');
    await card.waitFor();
    const value = async (key) => (await card.locator(`[data-key="${key}"] dd`).innerText()).trim();
    assert.equal(await value('status'), says.cancelled);
    assert.equal(await value('trip_number'), id);
    assert.equal(await value('traveller'), `Salma ${last}`);
    assert.equal(await value('account'), says.traveller(`Salma ${last}`));
    assert.match(await value('price'), says.money);
    assert.match(await value('paid'), says.money);
    assert.match(await value('free_cancellation'), says.freeCancellation);
    assert.match(await value('start'), says.start);
    assert.ok(!(await card.innerText()).includes('86400000000000'), 'a duration in nanoseconds');
    // Who cancelled it, when on Cairo's clock, and what the business kept (nothing: it was unpaid).
    assert.match(await value('cancelled'), lang === 'ar' ? /^ألغاه المسافر في .+ بتوقيت القاهرة — احتفظت الشركة بـ٠٫٠٠ ج\.م$/ : /^Cancelled by the traveller on .+ Cairo time — the business kept EGP 0\.00$/);

    // Each event in words with who did it; the cancellation's diff shows the status it changed.
    const placed = page.locator('[data-testid="support-event"][data-type="OrderPlaced"]');
    assert.ok((await placed.innerText()).includes(says.placed));
    assert.ok((await placed.innerText()).includes(says.traveller(`Salma ${last}`)), 'the actor by name and role');
    const cancelled = page.locator('[data-testid="support-event"][data-type="OrderCancelled"]');
    assert.ok((await cancelled.innerText()).includes(says.cancelledEvent));
    const status = cancelled.locator('[data-testid="support-diff"] [data-key="status"]');
    assert.equal(await status.getAttribute('data-change'), 'changed');
    assert.equal((await status.locator('del').innerText()).trim(), says.awaiting);
    assert.equal((await status.locator('ins').innerText()).trim(), says.cancelled);
    await cancelled.scrollIntoViewIfNeeded();
    await fitsTheScreen(page, `support order ${lang}/${view}`, { lang });
    await shot(page, `${lang}-${view}-order`);

    // Read models offer a rebuild, asked once more before it starts; process managers offer none.
    const process = page.getByTestId('projection-payments');
    await process.waitFor();
    assert.equal(await process.getByRole('button').count(), 0, 'a process manager offers no rebuild');
    await page.getByTestId('projection-orders').getByRole('button').click();
    const dialog = page.getByRole('alertdialog');
    await dialog.waitFor();
    assert.match(await dialog.innerText(), lang === 'ar' ? /يُعاد تشغيل نموذج القراءة/ : /replayed from the first event/);
    await fitsTheScreen(page, `support rebuild question ${lang}/${view}`, { lang });
    await dialog.getByRole('button', { name: lang === 'ar' ? 'ليس الآن' : 'Not now' }).click();
    await dialog.waitFor({ state: 'hidden' });
    assert.deepEqual(errors, []);
  } finally {
    await context.close();
  }
}

/**
 * The driver card at a version: the trip's driver (name, car, plate) at the last version, "no driver
 * yet" at the first, before staff assigned them (the card used to show today's driver at every version).
 */
async function driverAtVersion(ctx, lang, view, tr) {
  const says = SAYS[lang];
  const { context, page, errors } = await supportPage(ctx, lang, view);
  try {
    await page.getByTestId('support-search').fill(tr.trip);
    const hit = page.getByTestId('support-hit');
    await hit.first().waitFor();
    assert.equal(await hit.count(), 1, 'the trip number finds one order');
    await hit.click();
    const card = page.getByTestId('support-driver');
    await card.waitFor();
    const value = async (key) => (await card.locator(`[data-key="${key}"] dd`).innerText()).trim();
    assert.ok(await page.getByRole('heading', { name: says.driverHeading }).isVisible(), 'the card says it is the driver at this version');
    await card.locator('[data-key="plate"]').waitFor();
    assert.equal(await value('plate'), tr.driver.plate, `${lang}/${view}: the assigned driver's plate at the last version`);
    assert.ok((await value('driver')).length > 0 && (await value('driver')) !== says.noDriver, 'the driver by name');
    assert.ok((await value('car')).length > 0, 'the car');
    await fitsTheScreen(page, `support driver card ${lang}/${view}`, { lang });
    await shot(page, `${lang}-${view}-driver`);

    // Back to the order as it was placed: nobody drove it then.
    await page.getByTestId('version-slider').fill('0');
    await page.waitForFunction(
      ([el, want]) => el.querySelectorAll('[data-key]').length === 1 && el.querySelector('[data-key="driver"] dd')?.textContent?.trim() === want,
      [await card.elementHandle(), says.noDriver],
    );
    assert.equal(await card.locator('[data-key="plate"]').count(), 0, 'no plate before the assignment');
    await fitsTheScreen(page, `support driver card at version 0 ${lang}/${view}`, { lang });
    await shot(page, `${lang}-${view}-driver-v0`);
    assert.deepEqual(errors, []);
  } finally {
    await context.close();
  }
}

export async function run(ctx) {
  assert.ok(ctx.addUser && ctx.adminEmail, 'the runner passes addUser and the demo admin');
  for (const lang of ['en', 'ar']) {
    for (const view of ['desktop', 'phone']) {
      const started = Date.now();
      await supportConsole(ctx, lang, view);
      console.log(`ok   support ${lang}/${view}: search by part of a last name, the card, what an event changed (${Date.now() - started} ms)`);
    }
  }
  const admin = await signIn(ctx.browser, ctx.baseURL, 'en', ctx.adminEmail, ctx.adminPassword);
  try {
    for (const lang of ['en', 'ar']) {
      const tr = await paidTripWithDriver({ ...ctx, admin }, lang, { name: 'support', password: 'support-traveller-1' });
      try {
        for (const view of ['desktop', 'phone']) {
          const started = Date.now();
          await driverAtVersion(ctx, lang, view, tr);
          console.log(`ok   support ${lang}/${view}: the driver card at the last version and before the assignment (${Date.now() - started} ms)`);
        }
      } finally {
        await tr.desktop.close();
      }
    }
  } finally {
    await admin.close();
  }
}

await runAlone(import.meta.url, 'support', run);
