// Browser test of commands as one action each (issue 11), in English and Arabic, against the real
// server in Chromium. Every request that changes something carries an Idempotency-Key made when the
// action starts:
//   double-clicking "Cancel the trip" is one cancellation and no error (never "This order can no
//   longer be cancelled");
//   a cancellation whose answer is lost on the way back (the server did it; the browser saw a network
//   error) tried again sends the same key and shows the cancelled order, not an error.
// Exported as `run(ctx)` for the shared runner (ctx: { browser, baseURL }).

import assert from 'node:assert/strict';

import { apiJSON as json, placeOrderThroughAPI, screenshotter, signedInContext, t } from './helpers.mjs';

const shot = screenshotter('commands');


/** An order awaiting payment for two demo destinations on the first bookable day, placed through the API. */
async function placeOrder(context, baseURL, email) {
  return (await placeOrderThroughAPI(context.request, baseURL, email)).data.order_id;
}

/** Watches the POSTs to an order's cancel route: their Idempotency-Keys, in order. */
function cancelRequests(page, order) {
  const keys = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && new URL(request.url()).pathname === `/api/orders/${order}/cancel`) keys.push(request.headers()['idempotency-key']);
  });
  return keys;
}

async function cancelled(page, lang, order) {
  await page.waitForURL((url) => url.pathname === `/account/order/${order}`);
  await page.locator('[data-testid="order-detail"] [data-testid="order-status"][data-status="cancelled"]').waitFor();
  // One cancellation in the order's history.
  await page.getByTestId('order-timeline').getByText(t(lang, 'orders.timeline.OrderCancelled')).waitFor();
  assert.equal(await page.getByTestId('order-timeline').getByText(t(lang, 'orders.timeline.OrderCancelled')).count(), 1, 'cancelled twice');
}

async function noErrorShown(page) {
  // Give a late second answer the time to show itself.
  await page.waitForTimeout(700);
  assert.equal(await page.locator('.Toastify__toast--error').count(), 0, `an error toast: ${await page.locator('.Toastify__toast--error').allInnerTexts()}`);
  const text = await page.evaluate(() => document.body.innerText);
  assert.doesNotMatch(text, /can no longer be cancelled|لم يعد بالإمكان إلغاء/);
}

async function doubleClickFlow({ browser, baseURL }, lang) {
  const { context, email } = await signedInContext(browser, baseURL, lang, { emailPrefix: `e2e-dblclick-${lang}`, firstName: 'Salma', lastName: 'Nabil', password: 'commands-e2e-pass' });
  try {
    const order = await placeOrder(context, baseURL, email);
    const page = await context.newPage();
    page.setDefaultTimeout(15_000);
    const keys = cancelRequests(page, order);
    await page.goto(`${baseURL}/account/order/${order}/cancel`);
    await page.getByTestId('cancel-rule').waitFor();
    await page.getByRole('button', { name: t(lang, 'orders.confirmCancel') }).dblclick();
    await cancelled(page, lang, order);
    await noErrorShown(page);
    assert.ok(keys.length >= 1 && keys.every((key) => key && key === keys[0]), `one action, one key: ${JSON.stringify(keys)}`);
    await shot(page, `${lang}-double-click`);
  } finally {
    await context.close();
  }
}

/**
 * The first cancellation reaches the server, which does it; its answer never reaches the page (a
 * network error). Without the live channel the traveller tries again: the same action, the same key,
 * and the server answers as it did the first time. With it, the page learns of the change by itself
 * and shows the cancelled order.
 */
async function lostAnswerFlow({ browser, baseURL }, lang, live) {
  const { context, email } = await signedInContext(browser, baseURL, lang, { emailPrefix: `e2e-retry-${lang}`, firstName: 'Salma', lastName: 'Nabil', password: 'commands-e2e-pass' });
  try {
    const order = await placeOrder(context, baseURL, email);
    const page = await context.newPage();
    page.setDefaultTimeout(15_000);
    if (!live) {
      await page.route('**/socket.io/**', (route) => route.abort());
      await page.routeWebSocket(/socket\.io/, (ws) => ws.close());
    }
    const keys = cancelRequests(page, order);
    let lost = false;
    await page.route(`**/api/orders/${order}/cancel`, async (route) => {
      if (lost) return route.continue();
      lost = true;
      const answer = await route.fetch();
      assert.equal(answer.status(), 200, 'the server cancelled it');
      await route.abort('connectionreset');
    });
    await page.goto(`${baseURL}/account/order/${order}/cancel`);
    await page.getByTestId('cancel-rule').waitFor();
    await page.getByRole('button', { name: t(lang, 'orders.confirmCancel') }).click();
    if (!live) {
      await page.locator('.Toastify__toast--error').first().waitFor();
      await page.getByRole('button', { name: t(lang, 'orders.confirmCancel') }).click();
    }
    await cancelled(page, lang, order);
    if (live) {
      assert.equal(keys.length, 1, `one try: ${JSON.stringify(keys)}`);
      const text = await page.evaluate(() => document.body.innerText);
      assert.doesNotMatch(text, /can no longer be cancelled|لم يعد بالإمكان إلغاء/);
    } else {
      assert.equal(keys.length, 2, `two tries: ${JSON.stringify(keys)}`);
      assert.equal(keys[1], keys[0], 'the retry carried another key');
    }
    await shot(page, `${lang}-${live ? 'live' : 'retried'}`);
  } finally {
    await context.close();
  }
}

export async function run(ctx) {
  for (const lang of ['en', 'ar']) {
    for (const [name, flow] of [
      ['double-clicking "Cancel the trip" cancels once, with no error', doubleClickFlow],
      ['a cancellation whose answer was lost, tried again, is the same cancellation', (ctx_, l) => lostAnswerFlow(ctx_, l, false)],
      ['a cancellation whose answer was lost shows the cancelled order when the change arrives live', (ctx_, l) => lostAnswerFlow(ctx_, l, true)],
    ]) {
      const started = Date.now();
      await flow(ctx, lang);
      console.log(`ok   commands ${lang}: ${name} (${Date.now() - started} ms)`);
    }
  }
}
