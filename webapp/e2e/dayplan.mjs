// Browser test of the one-day rule and of Cairo time, on a 360 px phone whose clock is in Los Angeles
// (far from Egypt: its date is often another one), in English and Arabic:
//   a trip longer than the 8-hour day plan → the cart says it cannot be booked as one day and what to
//   do (move stops to a second trip); the checkout's calendar offers no day for it (no start fits),
//   the checkout says why and what to do, and Pay is disabled with the reason → stops removed, the trip fits → only times that fit are offered, labelled
//   Cairo time; the trip is timed on Cairo's clock (not the browser's) → placed → the order's "pay
//   before" is Cairo time, labelled. No screen overflows 360 px.
// Usage: E2E_FILTER=dayplan node e2e/run.mjs (exported as `run(ctx)` for the shared runner).

import assert from 'node:assert/strict';

import { chooseOpenDay, fitsTheScreen, screenshotter, signedInContext as signUp, t } from './helpers.mjs';

const shot = screenshotter('dayplan');
const BROWSER_ZONE = 'America/Los_Angeles';
const CAIRO = 'Africa/Cairo';

const phoneContext = (browser, baseURL, lang) =>
  signUp(browser, baseURL, lang, {
    emailPrefix: 'e2e-dayplan', firstName: 'Hana', lastName: 'Adel', password: 'dayplan-e2e-pass',
    contextOptions: { viewport: { width: 360, height: 760 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2, timezoneId: BROWSER_ZONE },
  });

async function api(context, baseURL, token, method, path, data) {
  const res = await context.request.fetch(`${baseURL}${path}`, { method, headers: { Authorization: `Bearer ${token}` }, data });
  assert.ok(res.status() < 300, `${method} ${path}: ${res.status()} ${await res.text()}`);
  return res.json();
}


async function openCheckout(page, baseURL, lang) {
  await page.goto(`${baseURL}/checkout`);
  await page.getByTestId('checkout-form').waitFor();
  const chosen = page.getByTestId('route-point-start-chosen');
  if (!(await chosen.count())) {
    await page.getByLabel(t(lang, 'points.pickupAndReturn')).selectOption({ index: 1 });
    await chosen.waitFor();
  }
  await page.getByLabel(t(lang, 'fields.rate'), { exact: true }).selectOption({ index: 1 });
}

async function startCheckout(page, baseURL, lang) {
  await openCheckout(page, baseURL, lang);
  return chooseOpenDay(page, lang);
}

async function journey({ browser, baseURL }, lang) {
  const { context, email, token } = await phoneContext(browser, baseURL, lang);
  try {
    const page = await context.newPage();
    page.setDefaultTimeout(20_000);
    // The browser is not on Cairo's clock: what the page shows must be, all the same.
    assert.equal(await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone), BROWSER_ZONE);

    // Six sights of the demo catalogue: well over eight hours of visits and drives.
    const list = await api(context, baseURL, token, 'GET', '/api/destinations?limit=6');
    const sights = list.data.slice(0, 6);
    assert.equal(sights.length, 6, 'six demo destinations');
    for (const d of sights) await api(context, baseURL, token, 'POST', '/api/auth/cart', { destination_id: d.id });

    // The cart says it cannot be one day, why, and what to do.
    await page.goto(`${baseURL}/destinations/trip`);
    const notice = page.getByTestId('day-fit');
    await notice.waitFor().catch(async (error) => {
      await shot(page, `${lang}-cart-no-notice`);
      const c = await api(context, baseURL, token, 'GET', '/api/auth/cart');
      throw new Error(`${error.message}\ncart: ${JSON.stringify(c.trip_calculations?.day_fit)} ${c.data.length} items, ${c.trip_calculations?.total_trip_minutes} min`);
    });
    assert.equal(await notice.getAttribute('data-misfit'), 'longer_than_day_plan');
    await notice.getByText(t(lang, 'trip.notOneDay')).waitFor();
    const suggestion = (await page.getByTestId('day-fit-suggestion').innerText()).trim();
    assert.match(suggestion, lang === 'en' ? /^Move the stops from .+ on to a second trip\.$/ : /رحلة ثانية/, `suggestion: ${suggestion}`);
    // Its times are Cairo's: the trip is timed for 09:00 tomorrow in Cairo, and says it is Cairo time.
    const timed = (await page.getByText(t(lang, 'cart.timedFor', { time: '§', date: '§' }).split('§')[0].trim()).first().innerText()).trim();
    const nine = await page.evaluate(([l]) => new Intl.DateTimeFormat(l, { hour: 'numeric', minute: '2-digit', timeZone: 'UTC' }).format(new Date(Date.UTC(2024, 0, 1, 9, 0))), [lang === 'ar' ? 'ar-EG' : 'en-GB']);
    assert.ok(timed.includes(nine), `the cart is timed for ${nine} Cairo time: ${timed}`);
    await shot(page, `${lang}-cart-too-long`);
    await notice.screenshot({ path: `test-output/screenshots/dayplan-${lang}-notice.png` });
    await fitsTheScreen(page, `${lang} cart`, { lang });

    // The checkout's calendar offers no day (no start fits the trip on any), the checkout says why and
    // what to do before any day is chosen, and Pay is disabled.
    await openCheckout(page, baseURL, lang);
    await page.waitForFunction(() => document.querySelectorAll('.booking-calendar__day[data-status]').length > 0);
    const unfit = page.locator('.booking-calendar__day--unfit');
    await unfit.first().waitFor();
    assert.equal(await page.locator('.booking-calendar__day[data-status="available"]').count(), 0, 'no day is offered for a trip longer than a day');
    const unfitLabel = (await unfit.first().getAttribute('aria-label')) ?? '';
    assert.ok(unfitLabel.endsWith(t(lang, 'checkout.calendar.noStartFits')), `a day says no start fits the trip: ${unfitLabel}`);
    const checkoutNotice = page.getByTestId('checkout-quote').getByTestId('day-fit');
    await checkoutNotice.waitFor();
    assert.equal(await checkoutNotice.getAttribute('data-misfit'), 'longer_than_day_plan');
    const why = (await checkoutNotice.getByTestId('day-fit-suggestion').innerText()).trim();
    assert.match(why, lang === 'en' ? /second trip/ : /رحلة ثانية/, `what to do: ${why}`);
    await page.getByTestId('pay-blocked').waitFor();
    assert.ok(await page.getByTestId('pay').isDisabled(), 'Pay is disabled');
    await fitsTheScreen(page, `${lang} checkout refused`, { lang });
    await shot(page, `${lang}-checkout-too-long`);
    await checkoutNotice.screenshot({ path: `test-output/screenshots/dayplan-${lang}-no-time.png` });

    // Down to the first two sights: the trip fits, and only fitting times are offered.
    const cart = await api(context, baseURL, token, 'GET', '/api/auth/cart');
    for (const item of cart.data.slice(2)) await api(context, baseURL, token, 'DELETE', `/api/auth/cart/${item.id}`);
    const day = await startCheckout(page, baseURL, lang);
    const time = page.getByLabel(t(lang, 'checkout.timeCairo'), { exact: true });
    await time.locator('option').nth(1).waitFor({ state: 'attached' });
    const offered = await time.locator('option').evaluateAll((options) => options.map((o) => o.value).filter(Boolean));
    const fitting = await api(context, baseURL, token, 'GET', `/api/orders/pickup-times?date=${day}`);
    assert.deepEqual(offered, fitting.data.times.map((x) => x.time), 'the times offered are those the server says fit');
    for (const x of fitting.data.times) {
      const back = new Date(x.finish);
      const midnight = new Date(`${day}T00:00:00${x.finish.slice(-6)}`);
      midnight.setUTCDate(midnight.getUTCDate() + 1);
      assert.ok(back <= midnight, `${x.time} is back by midnight (${x.finish})`);
    }
    const first = offered[0];
    await time.selectOption(first);
    await page.locator(`[data-testid="checkout-quote"][data-departure="${day}T${first}"]`).waitFor();
    assert.equal(await page.getByTestId('pay-blocked').count(), 0, 'Pay is not blocked at a time offered');
    // The quote is timed for the chosen Cairo clock time, not the browser's.
    const clock = await page.evaluate(([l, hhmm]) => {
      const [h, m] = hhmm.split(':').map(Number);
      return new Intl.DateTimeFormat(l, { hour: 'numeric', minute: '2-digit', timeZone: 'UTC' }).format(new Date(Date.UTC(2024, 0, 1, h, m)));
    }, [lang === 'ar' ? 'ar-EG' : 'en-GB', first]);
    const quoteText = await page.getByTestId('checkout-quote').innerText();
    assert.ok(quoteText.includes(clock), `the checkout's quote is timed for ${clock} (Cairo): ${quoteText.slice(0, 200)}`);

    await page.getByLabel(t(lang, 'fields.firstName')).fill('Hana');
    await page.getByLabel(t(lang, 'fields.lastName')).fill('Adel');
    await page.getByLabel(t(lang, 'fields.email'), { exact: true }).fill(email);
    await page.getByLabel(t(lang, 'fields.confirmEmail')).fill(email);
    await page.getByLabel(t(lang, 'fields.phoneWithKey')).fill('1001234567');
    await page.getByLabel(t(lang, 'enquiry.agree')).check();
    await fitsTheScreen(page, `${lang} checkout`, { lang });
    await shot(page, `${lang}-checkout-fits`);
    await page.getByTestId('pay').click();
    await page.waitForURL(/\/pay\/sandbox\//);
    const trip = (await page.getByTestId('sandbox-trip').innerText()).trim();

    // The unpaid order: "pay before" is Cairo time, and says so.
    await page.goto(`${baseURL}/account/order/${trip}`);
    const order = await api(context, baseURL, token, 'GET', `/api/orders/${trip}`);
    const hold = order.data.hold_until;
    const [cairo, local] = await page.evaluate(([l, iso, zone]) => [
      new Intl.DateTimeFormat(l, { timeStyle: 'short', timeZone: zone }).format(new Date(iso)),
      new Intl.DateTimeFormat(l, { timeStyle: 'short' }).format(new Date(iso)),
    ], [lang === 'ar' ? 'ar-EG' : 'en-GB', hold, CAIRO]);
    assert.notEqual(cairo, local, 'the browser clock differs from Cairo’s');
    const payBefore = t(lang, 'orders.payBefore', { time: t(lang, 'common.cairoTime', { time: cairo }) });
    await page.getByText(payBefore).waitFor();
    // The pickup is Cairo time too, labelled.
    await page.getByText(t(lang, 'common.cairoTime', { time: clock })).first().waitFor();
    await fitsTheScreen(page, `${lang} order`, { lang });
    await shot(page, `${lang}-order`);
  } finally {
    await context.close();
  }
}

export async function run(ctx) {
  for (const lang of ['en', 'ar']) await journey(ctx, lang);
}
