// Browser test of changing a paid trip (the order's exchange) against the real server, in English and
// Arabic, on a desktop and a 360 px phone: the exchange uses the checkout's own pickers (the booking
// calendar, the pickup times at which the order's trip fits the day, labelled Cairo time, and the rate
// plan choice); the unchanged trip is refused with the server's message before anything is changed;
// another time and another rate plan show the new total and the difference to pay or refund; the
// change goes through (paid on the sandbox when dearer) and the order shows the new time. No screen
// scrolls sideways or mixes digits (fitsTheScreen).
// Usage: MISHWAR_BIN=../bin/mishwar CHROMIUM=/usr/bin/chromium node e2e/exchange.mjs
// Exported as `run(ctx)` for the shared runner.

import assert from 'node:assert/strict';

import { apiJSON, fitsTheScreen, placeOrderThroughAPI, runAlone, screenshotter, signedInContext, t } from './helpers.mjs';

const shot = screenshotter('exchange');
const VIEWS = {
  desktop: { viewport: { width: 1280, height: 900 } },
  phone: { viewport: { width: 360, height: 760 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 },
};
// The domain's refusal of an unchanged exchange (internal/i18n/catalog_orders.go, orders.exchange_unchanged).
const UNCHANGED = { en: 'Nothing would change', ar: 'لن يتغير شيء' };
const CAIRO = { en: '(Cairo time)', ar: '(بتوقيت القاهرة)' };

async function payOnSandbox(page) {
  await page.locator('#card_number').fill('4242 4242 4242 4242');
  await page.locator('#expiry').fill('12/39');
  await page.locator('#cvc').fill('123');
  await page.locator('button[name="pay"]').click();
  await page.waitForURL(/result=success/);
}

async function exchange({ browser, baseURL }, lang, view) {
  const { context, email } = await signedInContext(browser, baseURL, lang, {
    emailPrefix: `e2e-exchange-${lang}-${view}`, firstName: 'Salma', lastName: 'Nabil', password: 'exchange-e2e-pass',
    contextOptions: VIEWS[view],
  });
  let page;
  try {
    const placed = await placeOrderThroughAPI(context.request, baseURL, email);
    const trip = placed.data.order_id;
    page = await context.newPage();
    page.setDefaultTimeout(20_000);
    await page.goto(placed.payment_url);
    await payOnSandbox(page);
    const before = (await apiJSON(await context.request.get(`${baseURL}/api/orders/${trip}`), 'the order')).data;

    await page.goto(`${baseURL}/account/order/${trip}`);
    await page.getByRole('link', { name: t(lang, 'orders.actions.exchange') }).click();
    await page.waitForURL(new RegExp(`/account/order/${trip}/exchange$`));
    const form = page.getByTestId('exchange-form');
    await form.waitFor();

    // The checkout's pickers: its calendar with the order's day chosen, its pickup times labelled Cairo
    // time (the order's own time among them), and the rate plans.
    await form.locator(`.booking-calendar__day[data-date="${before.trip.date}"][aria-pressed="true"]`).waitFor();
    const time = form.getByLabel(t(lang, 'checkout.timeCairo'), { exact: true });
    await time.locator(`option[value="${before.trip.time}"]`).waitFor({ state: 'attached' });
    assert.equal(await time.inputValue(), before.trip.time, 'the order’s own time is chosen');
    const rate = form.getByLabel(t(lang, 'fields.rate'));
    assert.equal(await rate.inputValue(), before.trip.rate_plan.id, 'the order’s own rate plan is chosen');
    assert.equal(await form.locator('input[type="date"], input[type="time"]').count(), 0, 'no bare browser date or time box');
    // The pickup times are the server's for this order's trip (the one-day rule), shown in the page's digits.
    const offered = await time.locator('option:not([value=""])').evaluateAll((options) => options.map((o) => [o.value, o.textContent ?? '']));
    const fromServer = (await apiJSON(await context.request.get(`${baseURL}/api/orders/${trip}/exchange/pickup-times?date=${before.trip.date}`), 'exchange times')).data.times.map((x) => x.time);
    assert.deepEqual(offered.map(([value]) => value), fromServer, 'the times offered are those the trip fits at');
    if (lang === 'ar') assert.ok(offered.every(([, label]) => !/[0-9]/.test(label)), `Arabic times in Arabic-Indic digits: ${offered.map(([, l]) => l).join(', ')}`);

    // Nothing changed yet: the domain's refusal, and no way to confirm.
    await form.getByTestId('exchange-refused').getByText(UNCHANGED[lang]).waitFor();
    assert.ok(await form.getByTestId('confirm-exchange').isDisabled(), 'an unchanged exchange cannot be confirmed');
    await fitsTheScreen(page, `exchange ${lang} ${view} unchanged`, { lang });

    // Another time and another rate plan: the new total and the difference.
    const other = fromServer.find((x) => x !== before.trip.time);
    assert.ok(other, 'another pickup time is offered');
    await time.selectOption(other);
    const plans = await rate.locator('option').evaluateAll((options) => options.map((o) => o.value).filter(Boolean));
    const otherPlan = plans.find((id) => id !== before.trip.rate_plan.id);
    if (otherPlan) await rate.selectOption(otherPlan);
    const quote = form.getByTestId('exchange-quote');
    await quote.getByTestId('exchange-difference').waitFor();
    await quote.getByText(CAIRO[lang], { exact: false }).waitFor();
    const difference = (await quote.getByTestId('exchange-difference').innerText()).trim();
    assert.ok(
      [t(lang, 'orders.toPay'), t(lang, 'orders.toRefund'), t(lang, 'orders.noDifference')].some((s) => difference.startsWith(s)),
      `the difference is said: ${difference}`,
    );
    await fitsTheScreen(page, `exchange ${lang} ${view} quoted`, { lang });
    await shot(page, `${lang}-${view}-quoted`);

    await form.getByTestId('confirm-exchange').click();
    // A dearer trip pays the difference on the sandbox first; a cheaper one is changed at once.
    await page.waitForURL((url) => url.pathname === `/account/order/${trip}` || url.pathname.startsWith('/pay/sandbox/'));
    if (page.url().includes('/pay/sandbox/')) {
      await payOnSandbox(page);
      await page.goto(`${baseURL}/account/order/${trip}`);
    }
    const deadline = Date.now() + 15_000;
    let after = before;
    while (after.trip.time !== other && Date.now() < deadline) {
      after = (await apiJSON(await context.request.get(`${baseURL}/api/orders/${trip}`), 'the order')).data;
      if (after.trip.time !== other) await page.waitForTimeout(250);
    }
    assert.equal(after.trip.time, other, 'the order moved to the new time');
    if (otherPlan) assert.equal(after.trip.rate_plan.id, otherPlan, 'the order moved to the new rate plan');
    await page.getByTestId('order-timeline').getByText(t(lang, 'orders.timeline.OrderExchanged')).waitFor();
    await fitsTheScreen(page, `order ${lang} ${view} after the exchange`, { lang });
    await shot(page, `${lang}-${view}-changed`);
  } catch (error) {
    if (page) await shot(page, `${lang}-${view}-failed`).catch(() => undefined);
    throw error;
  } finally {
    await context.close();
  }
}

export async function run(ctx) {
  for (const lang of ['en', 'ar']) {
    for (const view of ['desktop', 'phone']) {
      const started = Date.now();
      await exchange(ctx, lang, view);
      console.log(`ok   exchange ${lang} ${view}: the checkout's calendar, pickup times and rate plans; unchanged refused; another time and plan priced and changed (${Date.now() - started} ms)`);
    }
  }
}

await runAlone(import.meta.url, 'exchange', run);
