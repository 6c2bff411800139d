// Browser test of paying again, against the real server (the binary with the web app embedded, its own
// PostgreSQL, the demo catalogue, the sandbox payments) in Chromium, in English and Arabic, on a desktop
// and a 360 px phone. For each: the traveller books through the checkout screen (a rate plan, two days
// ahead at the first pickup time offered, terms agreed) and pays with the sandbox's decline card →
// the failure screen keeps the trip number and offers "Try again", which pays the same order (no
// countdown away from it); the checkout, opened again, is as it was left (rate plan, date, time,
// terms) and says the trip waits for payment; the traveller pays the same
// trip number again (from the failure screen, or from the order page, by turns) with the success card
// → the order is confirmed; Back from the result does not reopen the card form.
// Every screen: no horizontal scroll, no button whose words are cut.
// Exported as `run(ctx)` for the shared runner. Run alone: E2E_FILTER='suite pay-again' node e2e/run.mjs

import assert from 'node:assert/strict';

import { apiJSON as json, chooseOpenDay, fitsTheScreen, register, screenshotter, t, uniqueEmail } from './helpers.mjs';

const shot = screenshotter('pay-again');
const PHONE = { viewport: { width: 360, height: 760 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 };
const DESKTOP = { viewport: { width: 1280, height: 900 } };


/** A signed-in traveller in lang with two demo stops and a pickup point in the cart. */
async function traveller(browser, baseURL, lang, view) {
  const context = await browser.newContext({ ...(view === 'phone' ? PHONE : DESKTOP), locale: lang === 'ar' ? 'ar-EG' : 'en-GB' });
  context.setDefaultTimeout(20_000);
  await context.addCookies([{ name: 'lang', value: lang, domain: new URL(baseURL).hostname, path: '/' }]);
  const api = context.request;
  const email = uniqueEmail('e2e-pay-again');
  await json(await register(api, baseURL, { first_name: 'Salma', last_name: 'Nabil', email, password: 'pay-again-e2e', phone_number: '+201001234567' }), 'register');
  const destinations = (await json(await api.get(`${baseURL}/api/destinations`), 'destinations')).data;
  for (const d of destinations.slice(0, 2)) await json(await api.post(`${baseURL}/api/auth/cart`, { data: { destination_id: d.id } }), 'add to cart');
  const pickup = (await json(await api.get(`${baseURL}/api/pickup-points`), 'pickup points')).data[0];
  await json(await api.put(`${baseURL}/api/auth/cart/points`, { data: { start: { pickup_point_id: pickup.id }, same_end: true } }), 'points');
  return { context, email };
}

/** Fills the checkout for two days ahead and goes to pay; returns what was chosen. */
async function checkout(page, baseURL, lang, email) {
  await page.goto(`${baseURL}/checkout`);
  const form = page.getByTestId('checkout-form');
  await form.waitFor();
  const rate = form.getByLabel(t(lang, 'fields.rate'), { exact: true });
  await rate.locator('option').nth(1).waitFor({ state: 'attached' });
  await rate.selectOption({ index: 1 });
  const date = await chooseOpenDay(page, lang);
  const time = form.getByLabel(t(lang, 'checkout.timeCairo'), { exact: true });
  await time.locator('option').nth(1).waitFor({ state: 'attached' });
  await time.selectOption({ index: 1 });
  await form.getByLabel(t(lang, 'fields.email'), { exact: true }).fill(email);
  await form.getByLabel(t(lang, 'fields.confirmEmail')).fill(email);
  await form.getByLabel(t(lang, 'fields.phoneWithKey')).fill('1001234567');
  await form.getByLabel(t(lang, 'enquiry.agree')).check();
  const chosen = { rate: await rate.inputValue(), date, time: await time.inputValue() };
  await page.getByTestId('pay').click();
  await page.waitForURL(/\/pay\/sandbox\//);
  return chosen;
}

async function payOnSandbox(page, card) {
  await page.locator('#card_number').fill(card);
  await page.locator('#expiry').fill('12/39');
  await page.locator('#cvc').fill('123');
  await page.locator('button[name="pay"]').click();
}

async function journey(browser, baseURL, lang, view, fromFailureScreen) {
  const tag = `${lang}-${view}`;
  const { context, email } = await traveller(browser, baseURL, lang, view);
  try {
    const page = await context.newPage();
    const chosen = await checkout(page, baseURL, lang, email);
    const trip = (await page.getByTestId('sandbox-trip').innerText()).trim();
    assert.match(trip, /^MSH-/, `the sandbox page names the trip: ${trip}`);

    // Declined: the failure screen keeps the trip number and offers Pay now, without a countdown.
    await payOnSandbox(page, '4000 0000 0000 0002');
    await page.waitForURL(/result=failure/);
    await page.getByTestId('payment-failure').waitFor();
    await page.getByTestId('pay-again').waitFor();
    assert.equal(await page.getByTestId('payment-countdown').count(), 0, 'the failure screen counts down away from Pay now');
    assert.ok((await page.getByTestId('payment-failure').innerText()).includes(trip), 'the failure screen names the trip number');
    await fitsTheScreen(page, `${tag} failure screen`, { lang });
    await shot(page, `${tag}-failure`);

    // "Try again" pays this same order (the pay-again button), never a new one from the checkout.
    assert.equal(await page.getByTestId('pay-again').innerText(), t(lang, 'payments.tryAgain'), 'Try again is the pay-again button');
    assert.equal(await page.getByRole('link', { name: t(lang, 'payments.tryAgain') }).count(), 0, 'Try again leads to the checkout');

    // Back at the checkout: as it was left, saying that the trip waits for payment.
    await page.goto(`${baseURL}/checkout`);
    const form = page.getByTestId('checkout-form');
    await form.waitFor();
    const time = form.getByLabel(t(lang, 'checkout.timeCairo'), { exact: true });
    await page.waitForFunction((want) => document.querySelector('[data-testid="pickup-time"]')?.value === want, chosen.time);
    assert.equal(await form.getByLabel(t(lang, 'fields.rate'), { exact: true }).inputValue(), chosen.rate, 'the rate plan is kept');
    assert.equal(await time.inputValue(), chosen.time, 'the pickup time is kept');
    assert.equal(await page.locator(`.booking-calendar__day[data-date="${chosen.date}"][aria-pressed="true"]`).count(), 1, 'the date is kept');
    assert.ok(await form.getByLabel(t(lang, 'enquiry.agree')).isChecked(), 'the terms are kept');
    await page.getByTestId('waiting-order').waitFor();
    assert.ok((await page.getByTestId('waiting-order').innerText()).includes(trip), 'the checkout names the trip waiting for payment');
    await fitsTheScreen(page, `${tag} checkout kept`, { lang });

    // Pay the same trip number again: from the failure screen, or from the order page.
    if (fromFailureScreen) {
      await page.goto(`${baseURL}/payments/${trip}?result=failure&reason=card_declined`);
      await page.getByTestId('pay-again').click();
    } else {
      await page.goto(`${baseURL}/account/order/${trip}`);
      await page.getByTestId('pay-again-hint').waitFor();
      await fitsTheScreen(page, `${tag} order page`, { lang });
      await shot(page, `${tag}-order-failed`);
      await page.getByTestId('pay-now').click();
    }
    await page.waitForURL(/\/pay\/sandbox\//);
    assert.equal((await page.getByTestId('sandbox-trip').innerText()).trim(), trip, 'the same trip number is paid');
    await payOnSandbox(page, '4242 4242 4242 4242');
    await page.waitForURL(/result=success/);
    await page.getByTestId('payment-success').waitFor();

    // Back after paying: the browser is sent on to the result, never the card form.
    await page.goBack();
    await page.waitForURL(/result=success/);
    assert.equal(await page.locator('#card_number').count(), 0, 'Back reopened the card form');

    await page.goto(`${baseURL}/account/order/${trip}`);
    const detail = page.getByTestId('order-detail');
    await detail.waitFor();
    const order = await json(await context.request.get(`${baseURL}/api/orders/${trip}`), 'order');
    assert.equal(order.data.status, 'confirmed', `the order paid again is ${order.data.status}`);
    assert.equal(await page.getByTestId('pay-now').count(), 0, 'a paid order offers Pay now');
    await fitsTheScreen(page, `${tag} order confirmed`, { lang });
    await shot(page, `${tag}-order-confirmed`);
  } finally {
    await context.close();
  }
}

export async function run({ browser, baseURL }) {
  let turn = 0;
  for (const lang of ['en', 'ar']) {
    for (const view of ['desktop', 'phone']) {
      await journey(browser, baseURL, lang, view, turn % 2 === 0);
      turn += 1;
    }
  }
}
