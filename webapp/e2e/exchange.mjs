// Browser test of changing a paid trip (the order's exchange) against the real server, in English and
// Arabic, on a desktop and a 360 px phone: the exchange uses the checkout's own pickers (the booking
// calendar, the pickup times at which the order's trip fits the day, labelled Cairo time, and the rate
// plan choice); the unchanged trip is refused with the server's message before anything is changed;
// another time and another rate plan show the new total and the difference to pay or refund; the
// change goes through (paid on the sandbox when dearer) and the order shows the new time. No screen
// scrolls sideways or mixes digits (fitsTheScreen). The calendar follows the checkout's availability
// rule: a day on which every car is taken is greyed out and cannot be chosen, except the order's own
// day, whose car is the traveller's (both days filled by other travellers' orders holding their cars).
// Usage: MISHWAR_BIN=../bin/mishwar CHROMIUM=/usr/bin/chromium node e2e/exchange.mjs
// Exported as `run(ctx)` for the shared runner.

import assert from 'node:assert/strict';

import { randomUUID } from 'node:crypto';

import { apiJSON, cairoDate, fitsTheScreen, placeOrderThroughAPI, runAlone, screenshotter, signedInContext, t } from './helpers.mjs';

const shot = screenshotter('exchange');
const VIEWS = {
  desktop: { viewport: { width: 1280, height: 900 } },
  phone: { viewport: { width: 360, height: 760 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 },
};
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
    const rate = form.getByLabel(t(lang, 'fields.rate'), { exact: true });
    assert.equal(await rate.inputValue(), before.trip.rate_plan.id, 'the order’s own rate plan is chosen');
    assert.equal(await form.locator('input[type="date"], input[type="time"]').count(), 0, 'no bare browser date or time box');
    // The pickup times are the server's for this order's trip (the one-day rule), shown in the page's digits.
    const offered = await time.locator('option:not([value=""])').evaluateAll((options) => options.map((o) => [o.value, o.textContent ?? '']));
    const fromServer = (await apiJSON(await context.request.get(`${baseURL}/api/orders/${trip}/exchange/pickup-times?date=${before.trip.date}`), 'exchange times')).data.times.map((x) => x.time);
    assert.deepEqual(offered.map(([value]) => value), fromServer, 'the times offered are those the trip fits at');
    if (lang === 'ar') assert.ok(offered.every(([, label]) => !/[0-9]/.test(label)), `Arabic times in Arabic-Indic digits: ${offered.map(([, l]) => l).join(', ')}`);

    // Nothing changed yet: a neutral prompt to change something (no quote asked for, so no refusal), and
    // no way to confirm.
    await form.getByTestId('exchange-choose').getByText(t(lang, 'orders.exchangeChoose')).waitFor();
    assert.equal(await form.getByTestId('exchange-refused').count(), 0, 'no refusal before anything is changed');
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

/** Places, for the signed-in `api`, an order awaiting payment (it holds a car) on `date` at 10:00. */
async function holdACar(api, baseURL, email, date) {
  await apiJSON(await api.delete(`${baseURL}/api/auth/cart/clear`), 'clear the cart');
  const destinations = (await apiJSON(await api.get(`${baseURL}/api/destinations`), 'destinations')).data;
  for (const d of destinations.slice(0, 2)) await apiJSON(await api.post(`${baseURL}/api/auth/cart`, { data: { destination_id: d.id } }), 'add to cart');
  const pickup = (await apiJSON(await api.get(`${baseURL}/api/pickup-points`), 'pickup points')).data[0];
  await apiJSON(await api.put(`${baseURL}/api/auth/cart/points`, { data: { start: { pickup_point_id: pickup.id }, same_end: true } }), 'points');
  const rate = (await apiJSON(await api.get(`${baseURL}/api/rates`), 'rates')).data[0];
  await apiJSON(
    await api.post(`${baseURL}/api/orders`, {
      data: { first_name: 'Hany', last_name: 'Fathy', email, confirm_email: email, phone: '1001234567', country_key: '+20', country: 'EG', terms: true, date, time: '10:00', rate_plan_id: rate.id, currency: 'EGP' },
      headers: { 'Idempotency-Key': randomUUID() },
    }),
    `hold a car on ${date}`,
  );
}

/** The calendar's answer for one day. */
async function calendarDay(api, baseURL, date) {
  const days = (await apiJSON(await api.get(`${baseURL}/api/orders/calendar?from=${date}&days=1`), 'calendar')).data;
  return days.find((d) => d.date === date);
}

/**
 * Other travellers take every car on `date` with orders awaiting payment (three each, the most one
 * traveller may hold): the calendar then says the day is full.
 */
async function fillDay(browser, baseURL, date) {
  const contexts = [];
  let filler = null;
  let holds = 3;
  try {
    for (let i = 0; i < 20; i += 1) {
      if (holds === 3) {
        filler = await signedInContext(browser, baseURL, 'en', { emailPrefix: 'e2e-exchange-filler', firstName: 'Hany', lastName: 'Fathy', password: 'exchange-e2e-pass' });
        contexts.push(filler.context);
        holds = 0;
      }
      const day = await calendarDay(filler.context.request, baseURL, date);
      if (day.status === 'blocked' && day.reason === 'full') return;
      assert.equal(day.status, 'available', `${date} can still be booked: ${JSON.stringify(day)}`);
      await holdACar(filler.context.request, baseURL, filler.email, date);
      holds += 1;
    }
    throw new Error(`${date} never filled up`);
  } finally {
    await Promise.all(contexts.map((c) => c.close()));
  }
}

/**
 * The exchange calendar greys out full days as the checkout's does, and offers the order's own day
 * even when it is full (its car is the traveller's): one traveller's paid order, on a day the others
 * then fill, with another full day beside it; checked in both languages on a desktop and a phone.
 */
async function fullDays({ browser, baseURL }) {
  const { context, email } = await signedInContext(browser, baseURL, 'en', {
    emailPrefix: 'e2e-exchange-full', firstName: 'Salma', lastName: 'Nabil', password: 'exchange-e2e-pass',
  });
  try {
    const placed = await placeOrderThroughAPI(context.request, baseURL, email);
    const trip = placed.data.order_id;
    const pay = await context.newPage();
    await pay.goto(placed.payment_url);
    await payOnSandbox(pay);
    await pay.close();
    const own = (await apiJSON(await context.request.get(`${baseURL}/api/orders/${trip}`), 'the order')).data.trip.date;
    // Another open day, the nearest to the order's (perhaps in the next month).
    const days = (await apiJSON(await context.request.get(`${baseURL}/api/orders/calendar?from=${cairoDate(2)}&days=45`), 'calendar')).data;
    const other = days
      .filter((d) => d.date !== own && d.status === 'available')
      .sort((a, b) => Math.abs(Date.parse(a.date) - Date.parse(own)) - Math.abs(Date.parse(b.date) - Date.parse(own)))[0]?.date;
    assert.ok(other, `no other open day near ${own}`);
    await fillDay(browser, baseURL, own);
    await fillDay(browser, baseURL, other);

    for (const lang of ['en', 'ar']) {
      for (const view of ['desktop', 'phone']) {
        const viewer = await browser.newContext({ ...VIEWS[view], locale: lang === 'ar' ? 'ar-EG' : 'en-GB', storageState: await context.storageState() });
        await viewer.addCookies([{ name: 'lang', value: lang, domain: new URL(baseURL).hostname, path: '/' }]);
        try {
          const page = await viewer.newPage();
          page.setDefaultTimeout(20_000);
          await page.goto(`${baseURL}/account/order/${trip}/exchange`);
          const form = page.getByTestId('exchange-form');
          await form.waitFor();
          const day = (date) => form.locator(`.booking-calendar__day[data-date="${date}"]`);
          // The order's own day is full for others, yet chosen and choosable for its traveller.
          await form.locator(`.booking-calendar__day[data-date="${own}"][data-status="available"][aria-pressed="true"]`).waitFor();
          assert.ok(!(await day(own).isDisabled()), `${lang} ${view}: the order's own full day cannot be chosen`);
          if (other.slice(0, 7) !== own.slice(0, 7)) {
            await page.getByRole('button', { name: t(lang, other > own ? 'checkout.calendar.next' : 'checkout.calendar.previous') }).click();
          }
          // The full day: greyed (the checkout's "fully booked" look), said so, and not choosable.
          await form.locator(`.booking-calendar__day[data-date="${other}"][data-status="blocked"]`).waitFor();
          assert.ok(await day(other).isDisabled(), `${lang} ${view}: the full day ${other} can be chosen`);
          const label = await day(other).getAttribute('aria-label');
          assert.ok(label.endsWith(t(lang, 'checkout.calendar.full')), `${lang} ${view}: the full day reads "${label}"`);
          const greyed = await day(other).evaluate((el) => getComputedStyle(el).opacity !== '1' || getComputedStyle(el).textDecorationLine.includes('line-through') || getComputedStyle(el).cursor === 'not-allowed');
          assert.ok(greyed, `${lang} ${view}: the full day does not look unavailable`);
          // The checkout's calendar (another traveller's view of the same days) shows both full.
          const cal = await calendarDay(context.request, baseURL, own);
          assert.equal(cal.status, 'blocked', `the order's day is full for others: ${JSON.stringify(cal)}`);
          await fitsTheScreen(page, `exchange ${lang} ${view} with full days`, { lang });
          await shot(page, `${lang}-${view}-full-days`);
        } finally {
          await viewer.close();
        }
      }
    }
  } finally {
    await context.close();
  }
}

export async function run(ctx) {
  for (const lang of ['en', 'ar']) {
    for (const view of ['desktop', 'phone']) {
      const started = Date.now();
      await exchange(ctx, lang, view);
      console.log(`ok   exchange ${lang} ${view}: the checkout's calendar, pickup times and rate plans; unchanged: a prompt, not a refusal; another time and plan priced and changed (${Date.now() - started} ms)`);
    }
  }
  const started = Date.now();
  await fullDays(ctx);
  console.log(`ok   exchange en/ar desktop/phone: full days greyed out and not choosable, the order's own full day offered (${Date.now() - started} ms)`);
}

await runAlone(import.meta.url, 'exchange', run);
