// Browser test of the traveller's main journey against the real server (the binary with the web app
// embedded, its own PostgreSQL, the demo catalogue, the sandbox payment provider) in Chromium, in
// English and in Arabic:
//   sign up → build a trip → checkout (start and end written to the cart: a pickup point, or the
//   browser's location named after the nearest pickup point and a different end; rate plan,
//   the trip priced again for the chosen start, only times that fit the day offered; a day from the calendar, a time, contact,
//   terms) → the sandbox's hosted card page (marked TEST) → pay with the success card → the success
//   page counts down into the order, confirmed, its itinerary on the map; cancel it with its refund shown first; then a second
//   checkout paid with the decline card → 'Payment could not be processed' → Try Again → checkout.
// Usage: MISHWAR_BIN=../bin/mishwar CHROMIUM=/usr/bin/chromium node e2e/orders.mjs
// Exported as `run(ctx)` for the shared runner (ctx: { baseURL, browser }).

import assert from 'node:assert/strict';

import { chooseOpenDay, runAlone, screenshotter, scrollToMap, signedInContext as signUp, t, uniqueEmail } from './helpers.mjs';

const shot = screenshotter('orders');

// The browser's location is granted, near the Giza plateau (HERE), for the location-based start.
const signedInContext = (browser, baseURL, lang) =>
  signUp(browser, baseURL, lang, {
    emailPrefix: 'e2e-orders', firstName: 'Salma', lastName: 'Nabil', password: 'orders-e2e-pass',
    contextOptions: { geolocation: HERE, permissions: ['geolocation'] },
  });

/** Two destinations into the trip from the destinations page, as a traveller adds them. */
async function buildTrip(page, baseURL, lang) {
  await page.goto(`${baseURL}/destinations`);
  const add = page.getByRole('button', { name: t(lang, 'cart.addToTrip') });
  await add.first().waitFor();
  for (let i = 0; i < 2; i += 1) {
    const before = await page.getByRole('link', { name: t(lang, 'cart.inTrip') }).count();
    await add.first().click();
    await page.waitForFunction(
      ([name, n]) => [...document.querySelectorAll('a')].filter((a) => a.textContent?.trim() === name).length > n,
      [t(lang, 'cart.inTrip'), before],
    );
  }
}

/** The header's cart badge counts `n` stops (the desktop toggle or the phone's drawer button). */
async function cartBadgeShows(page, n) {
  await page.locator(`#panel-toggle-desktop-cart[data-count="${n}"], button[aria-controls="cart-drawer"][data-count="${n}"]`).first().waitFor({ state: 'attached', timeout: 15_000 });
  const counters = page.locator('#panel-toggle-desktop-cart .counter, button[aria-controls="cart-drawer"] .counter');
  if (n === 0) assert.equal(await counters.count(), 0, 'an empty cart shows no number');
}

// The browser's location: by the Mena House pickup point, so the place is named after it.
const HERE = { latitude: 29.987, longitude: 31.132 };
const MENA_HOUSE = { en: 'Marriott Mena House', ar: 'فندق ماريوت مينا هاوس' };

/** Start and end the same: the first pickup point, written to the cart. */
async function samePickupPoint(page, lang) {
  const chosen = page.getByTestId('route-point-start-chosen');
  if (await chosen.count()) return;
  await page.getByLabel(t(lang, 'points.pickupAndReturn')).selectOption({ index: 1 });
  await chosen.waitFor();
}

/** Different start and end: the browser's location (named after the nearest pickup point), then a pickup point. */
async function myLocationToPickupPoint(page, lang) {
  await page.getByRole('tab', { name: t(lang, 'points.different') }).click();
  await page.getByTestId('route-point-start').getByRole('button', { name: t(lang, 'checkout.points.useMyLocation') }).click();
  const start = t(lang, 'checkout.points.myLocationNear', { place: MENA_HOUSE[lang] });
  await page.getByTestId('route-point-start-chosen').getByText(start).waitFor();
  await page.getByLabel(t(lang, 'points.end')).selectOption({ index: 1 });
  await page.getByTestId('route-point-end-chosen').waitFor();
  const end = (await page.getByLabel(t(lang, 'points.end')).locator('option:checked').innerText()).trim();
  // The cart priced the trip from there: the first leg leaves from the chosen place.
  return { start, end };
}

/** Fills the checkout and submits it; resolves on the sandbox's card page. */
async function checkout(page, baseURL, lang, email, points = (p) => samePickupPoint(p, lang)) {
  await page.goto(`${baseURL}/checkout`);
  await page.getByTestId('checkout-form').waitFor();
  await points(page);
  const date = page.getByLabel(t(lang, 'fields.rate'), { exact: true });
  await date.selectOption({ index: 1 });
  const day = await chooseOpenDay(page, lang);
  // The trip shown before paying is timed for the chosen start. Only pickup times at which the trip
  // fits one day are offered (the server's one-day rule): even the last of the day reaches every stop
  // open and is back by midnight, and the first one is priced again for the morning.
  const time = page.getByLabel(t(lang, 'checkout.timeCairo'), { exact: true });
  await time.locator('option').nth(1).waitFor({ state: 'attached' });
  const last = (await time.locator('option').count()) - 1;
  const late = await time.locator('option').nth(last).getAttribute('value');
  await time.selectOption({ index: last });
  await page.locator(`[data-testid="checkout-quote"][data-departure="${day}T${late}"]`).waitFor();
  assert.equal(await page.getByTestId('day-fit').count(), 0, `the last time offered (${late}) fits`);
  assert.equal(await page.getByTestId('pay-blocked').count(), 0, 'Pay is not blocked at a time offered');
  const early = await time.locator('option').nth(1).getAttribute('value');
  await time.selectOption({ index: 1 });
  await page.locator(`[data-testid="checkout-quote"][data-departure="${day}T${early}"]`).waitFor();
  await page.getByLabel(t(lang, 'fields.firstName')).fill('Salma');
  await page.getByLabel(t(lang, 'fields.lastName')).fill('Nabil');
  await page.getByLabel(t(lang, 'fields.email'), { exact: true }).fill(email);
  await page.getByLabel(t(lang, 'fields.confirmEmail')).fill(email);
  await page.getByLabel(t(lang, 'fields.phoneWithKey')).fill('1001234567');
  await page.getByLabel(t(lang, 'enquiry.agree')).check();
  await shot(page, `${lang}-checkout`);
  await page.getByRole('button', { name: t(lang, 'checkout.submit') }).click();
  await page.waitForURL(/\/pay\/sandbox\//);
  await page.getByTestId('sandbox-banner').waitFor();
  const trip = (await page.getByTestId('sandbox-trip').innerText()).trim();
  assert.match(trip, /^MSH-[23456789A-HJKMNP-TV-Z]{6}$/, `trip number ${trip}`);
  return trip;
}

async function payWith(page, card) {
  await page.locator('#card_number').fill(card);
  await page.locator('#expiry').fill('12/39');
  await page.locator('#cvc').fill('123');
  await page.locator('button[name="pay"]').click();
}

/** The operator sees the traveller's orders among the purchase orders, with the payments audit. */
async function adminView({ browser, baseURL, adminEmail, adminPassword }, trips) {
  if (!adminEmail) return;
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, locale: 'en-GB' });
  try {
    const res = await context.request.post(`${baseURL}/api/user/login`, { data: { email: adminEmail, password: adminPassword } });
    assert.equal(res.status(), 200, `admin login: ${res.status()}`);
    const page = await context.newPage();
    page.setDefaultTimeout(20_000);
    await page.goto(`${baseURL}/admin/purchase_order`);
    const list = page.getByTestId('purchase-orders');
    await list.waitFor();
    for (const trip of trips) await list.locator(`[data-order="${trip}"]`).waitFor();
    await page.getByRole('tab', { name: t('en', 'purchaseOrders.tabs.payments') }).click();
    await page.getByRole('rowheader', { name: trips[0] }).first().waitFor();
    await shot(page, 'admin-purchase-orders');
  } finally {
    await context.close();
  }
  // On a 360 px phone, in both languages, the orders and the payments audit are cards: the page
  // does not scroll sideways, nor does the audit in its own box.
  for (const lang of ['en', 'ar']) {
    const phone = await browser.newContext({ viewport: { width: 360, height: 760 }, locale: lang === 'ar' ? 'ar-EG' : 'en-GB' });
    try {
      const res = await phone.request.post(`${baseURL}/api/user/login`, { data: { email: adminEmail, password: adminPassword } });
      assert.equal(res.status(), 200, `admin login: ${res.status()}`);
      const page = await phone.newPage();
      page.setDefaultTimeout(20_000);
      await page.goto(`${baseURL}/admin/purchase_order?lang=${lang}`);
      const list = page.getByTestId('purchase-orders');
      await list.locator(`[data-order="${trips[0]}"]`).waitFor();
      const sideways = () => page.evaluate(() => {
        const wrap = document.querySelector('.table-wrap');
        return { page: document.documentElement.scrollWidth - document.documentElement.clientWidth, box: wrap ? wrap.scrollWidth - wrap.clientWidth : 0 };
      });
      let found = await sideways();
      assert.equal(found.page, 0, `${lang} purchase orders at 360 px: the page is ${found.page}px wider than the phone`);
      await page.getByRole('tab', { name: t(lang, 'purchaseOrders.tabs.payments') }).click();
      const card = page.locator('[data-testid="payments-audit"] tbody tr').first();
      await card.waitFor();
      found = await sideways();
      assert.ok(found.page === 0 && found.box <= 1, `${lang} payments audit at 360 px scrolls sideways: ${JSON.stringify(found)}`);
      const label = await card.locator('td').first().evaluate((td) => getComputedStyle(td, '::before').content.replace(/^"|"$/g, ''));
      assert.equal(label, t(lang, 'purchaseOrders.provider'), `${lang}: a payment's card names its columns`);
      await shot(page, `admin-purchase-orders-phone-${lang}`);
    } finally {
      await phone.close();
    }
  }
}

async function journey({ browser, baseURL }, lang) {
  const { context, email } = await signedInContext(browser, baseURL, lang);
  let page;
  try {
    page = await context.newPage();
    page.setDefaultTimeout(20_000);
    await buildTrip(page, baseURL, lang);

    // Paid with the success card: the success page counts down into the confirmed order.
    // English: one pickup point for start and end; Arabic: from the browser's location to a pickup point.
    let chosen = null;
    const trip = await checkout(page, baseURL, lang, email, async (p) => {
      if (lang === 'en') await samePickupPoint(p, lang);
      else chosen = await myLocationToPickupPoint(p, lang);
    });
    await shot(page, `${lang}-sandbox`);
    await payWith(page, '4242 4242 4242 4242');
    await page.waitForURL(new RegExp(`/payments/${trip}\\?result=success`));
    await page.getByTestId('payment-success').waitFor();
    assert.ok((await page.getByTestId('payment-countdown').innerText()).length > 0, 'a countdown in seconds');
    await shot(page, `${lang}-success`);
    await page.waitForURL(new RegExp(`/account/order/${trip}$`), { timeout: 15_000 });
    await page.locator('[data-testid="order-detail"] [data-testid="order-status"][data-status="confirmed"]').waitFor();
    await page.getByTestId('order-timeline').getByText(t(lang, 'orders.timeline.PaymentReceived')).waitFor();
    // A confirmed order empties the cart of what it booked (processes/bookedcart): the badge says 0.
    await cartBadgeShows(page, 0);
    // The itinerary on the map: the pickup, both stops, and the end when it is another place.
    const map = page.getByTestId('order-map');
    await scrollToMap(map);
    await map.locator('.points-map__route').waitFor();
    assert.equal(await map.locator('.points-map__marker').count(), chosen ? 4 : 3, 'markers for pickup, stops and end');
    if (chosen) {
      // The order was placed with the start and end written to the cart.
      const facts = page.getByTestId('order-points');
      await facts.getByText(chosen.start, { exact: true }).waitFor();
      await facts.getByText(chosen.end, { exact: true }).waitFor();
    }
    await shot(page, `${lang}-order`);

    // Cancelled well ahead: the rule and the refund are shown before confirming.
    await page.getByRole('link', { name: t(lang, 'orders.actions.cancel') }).click();
    await page.getByTestId('cancel-refund').waitFor();
    await shot(page, `${lang}-cancel`);
    await page.getByRole('button', { name: t(lang, 'orders.confirmCancel') }).click();
    await page.waitForURL(new RegExp(`/account/order/${trip}$`));
    await page.locator('[data-testid="order-detail"] [data-testid="order-status"][data-status="cancelled"]').waitFor();
    await page.getByTestId('order-refunded').waitFor();

    // Declined: the failure page, whose Try again pays the same order again (pay-again.mjs follows
    // it); the checkout, opened again, says the trip waits for payment. The paid order took the stops
    // out of the cart, so the traveller builds the trip again first.
    await buildTrip(page, baseURL, lang);
    await cartBadgeShows(page, 2);
    const declined = await checkout(page, baseURL, lang, email);
    await payWith(page, '4000 0000 0000 0002');
    await page.waitForURL(new RegExp(`/payments/${declined}\\?result=failure`));
    await page.getByTestId('payment-failure').getByText(t(lang, 'payments.failureTitle')).waitFor();
    await shot(page, `${lang}-failure`);
    assert.equal(await page.getByTestId('pay-again').innerText(), t(lang, 'payments.tryAgain'), 'Try again pays the same order');
    await page.goto(`${baseURL}/checkout`);
    await page.getByTestId('checkout-form').waitFor();
    await page.getByTestId('waiting-order').waitFor();
    // A declined order leaves the cart as it was.
    await cartBadgeShows(page, 2);
    if (lang === 'ar') assert.equal(await page.evaluate(() => document.documentElement.dir), 'rtl', 'Arabic reads right to left');
    return [trip, declined];
  } catch (error) {
    if (page) await shot(page, `${lang}-failed`).catch(() => undefined);
    throw error;
  } finally {
    await context.close();
  }
}

/**
 * A visitor who is not signed in asks about a program from the rates page: the server wants a pickup
 * point, the pickup selection page takes the choice back to the form, with what was typed kept.
 */
async function anonymousEnquiry({ browser, baseURL }, lang) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, locale: lang === 'ar' ? 'ar-EG' : 'en-GB' });
  await context.addCookies([{ name: 'lang', value: lang, domain: new URL(baseURL).hostname, path: '/' }]);
  let page;
  try {
    const programs = await (await context.request.get(`${baseURL}/api/programs`)).json();
    const program = (Array.isArray(programs) ? programs : programs.data)[0].id;
    page = await context.newPage();
    page.setDefaultTimeout(20_000);
    await page.goto(`${baseURL}/rates?program=${encodeURIComponent(program)}`);
    const form = page.getByTestId('enquiry-form');
    await form.waitFor();
    const email = uniqueEmail('e2e-orders');
    await form.getByLabel(t(lang, 'fields.rate'), { exact: true }).selectOption({ index: 1 });
    await form.getByLabel(t(lang, 'fields.firstName')).fill('Salma');
    await form.getByLabel(t(lang, 'fields.lastName')).fill('Nabil');
    await form.getByLabel(t(lang, 'fields.email'), { exact: true }).fill(email);
    await form.getByLabel(t(lang, 'fields.confirmEmail')).fill(email);
    await form.getByLabel(t(lang, 'fields.phoneWithKey')).fill('+20 100 123 4567');
    // A list of countries, as at checkout; the value sent is the region code.
    await form.getByLabel(t(lang, 'fields.country'), { exact: true }).selectOption('EG');
    await form.getByLabel(t(lang, 'enquiry.agree')).check();
    await form.getByRole('button', { name: t(lang, 'enquiry.submit') }).click();

    // The pickup selection page, then back to the form with the choice.
    await page.waitForURL((url) => url.pathname === '/points' && url.searchParams.get('return')?.startsWith('/rates?program='));
    const selection = page.getByTestId('pickup-selection');
    await selection.getByLabel(t(lang, 'points.pickupAndReturn')).selectOption({ index: 1 });
    const pickupName = (await selection.getByLabel(t(lang, 'points.pickupAndReturn')).locator('option:checked').innerText()).trim();
    await shot(page, `${lang}-pickup-selection`);
    await selection.getByRole('button', { name: t(lang, 'points.useChoice') }).click();
    await page.waitForURL((url) => url.pathname === '/rates' && url.searchParams.get('program') === program && Boolean(url.searchParams.get('pickup')));
    await page.getByTestId('enquiry-pickup').getByText(t(lang, 'enquiry.pickupChosen', { name: pickupName })).waitFor();
    assert.equal(await form.getByLabel(t(lang, 'fields.firstName')).inputValue(), 'Salma', 'what was typed is kept');
    assert.equal(await form.getByLabel(t(lang, 'fields.email'), { exact: true }).inputValue(), email);
    await form.getByRole('button', { name: t(lang, 'enquiry.submit') }).click();
    await page.getByText(t(lang, 'enquiry.reviewTitle')).waitFor();
    assert.match(await page.locator('main').innerText(), /MSH-[23456789A-HJKMNP-TV-Z]{6}/, 'the trip number is shown');
    await shot(page, `${lang}-enquiry-sent`);
  } catch (error) {
    if (page) await shot(page, `${lang}-enquiry-failed`).catch(() => undefined);
    throw error;
  } finally {
    await context.close();
  }
}

export async function run(ctx) {
  for (const lang of ['en', 'ar']) {
    const started = Date.now();
    await anonymousEnquiry(ctx, lang);
    console.log(`ok   orders ${lang}: anonymous program enquiry → pickup selection → back to the form with the pickup and the typed fields → sent (${Date.now() - started} ms)`);
  }
  const trips = [];
  for (const lang of ['en', 'ar']) {
    const started = Date.now();
    trips.push(...(await journey(ctx, lang)));
    console.log(`ok   orders ${lang}: checkout, sandbox success → confirmed order, cancellation with refund, decline → failure → Try Again (${Date.now() - started} ms)`);
  }
  const started = Date.now();
  await adminView(ctx, trips);
  console.log(`ok   orders admin: the purchase orders list the trips, with the payments audit (${Date.now() - started} ms)`);
}

await runAlone(import.meta.url, 'orders', run);
