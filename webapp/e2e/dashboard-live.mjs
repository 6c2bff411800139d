// Browser test that the admin dashboard follows the live channel (issue 14), against the real server,
// in English and Arabic, on a desktop and a 360 px phone: with the dashboard open in one page and no
// reload, a traveller in another browser context places and pays an order (the month's revenue tile
// changes), then an order is paid with money that differs from what was asked (the needs-attention
// queue lists it). Each change must show within a few seconds: the dashboard's queries have no timer
// while the socket is up, so only a live notice (order.changed, insights.changed) can bring it.
// Run alone: MISHWAR_BIN=../bin/mishwar CHROMIUM=/usr/bin/chromium node e2e/dashboard-live.mjs
// Exported as `run(ctx)` for the shared runner (ctx: { browser, baseURL, adminEmail, adminPassword, sql }).

import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';

import { fitsTheScreen, orderPaidOnePound, paidOrder, runAlone, screenshotter, signIn } from './helpers.mjs';

const shot = screenshotter('dashboard-live');
const PASSWORD = 'dash-live-pass1';
/** How long a change may take to show: the notice, the debounce (0.4 s) and the refetch. */
const WITHIN_MS = 6_000;

async function liveIn(ctx, lang, view) {
  const { browser, baseURL } = ctx;
  const where = `dashboard live ${lang} ${view}`;
  const context = await signIn(browser, baseURL, lang, ctx.adminEmail, ctx.adminPassword, view, { timeout: 20_000 });
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (error) => errors.push(String(error)));
  const stepId = randomUUID();
  try {
    await page.goto(`${baseURL}/admin/dashboard`);
    const revenue = page.getByTestId('stat-revenueMonth');
    await revenue.waitFor();
    await page.getByTestId('attention-queue').waitFor();
    // Marks this document: a reload would lose it.
    await page.evaluate(() => {
      window.__sameDocument = true;
    });
    const before = await revenue.innerText();
    const dashboardReads = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname.startsWith('/api/admin/dashboard')) dashboardReads.push(Date.now());
    });

    // A traveller pays an order elsewhere: the revenue tile follows.
    await paidOrder(browser, baseURL, { emailPrefix: `e2e-dash-live-${lang}-${view}`, password: PASSWORD });
    let at = Date.now();
    await page.waitForFunction((was) => document.querySelector('[data-testid="stat-revenueMonth"]')?.textContent !== was, before, { timeout: WITHIN_MS });
    const revenueMs = Date.now() - at;
    const after = await revenue.innerText();
    if (lang === 'ar') assert.ok(/[٠-٩]/.test(after) && !/[0-9]/.test(after), `${where}: the revenue in Arabic digits: ${after}`);

    // Money that differs from what was asked: the queue lists the order.
    const differs = await orderPaidOnePound(ctx, context.request, { emailPrefix: `e2e-dash-live-diff-${lang}-${view}`, password: PASSWORD });
    at = Date.now();
    const item = page.locator(`.attention__item[data-kind="amount_mismatch"][data-order="${differs}"]`);
    await item.waitFor({ timeout: WITHIN_MS });
    const queueMs = Date.now() - at;

    // A refund job whose payload cannot be read (as a bug would leave one) is refused for good by
    // the worker: a stuck step. It is no event; the job queue announces it (steps.changed).
    const stat = page.getByTestId('stuck-jobs-stat');
    const stuckBefore = Number(await stat.getAttribute('data-count'));
    const stepOrder = `E2E-STUCK-${lang}-${view}`.toUpperCase();
    ctx.sql(`INSERT INTO jobs (id, kind, payload) VALUES ('${stepId}', 'orders.refund', '{"order_id": "${stepOrder}", "refund_id": 0}'); SELECT pg_notify('jobs', 'orders.refund')`);
    at = Date.now();
    await page.locator(`.attention__item[data-kind="stuck_step"][data-order="${stepOrder}"]`).waitFor({ timeout: WITHIN_MS });
    const stepMs = Date.now() - at;
    await page.waitForFunction((n) => Number(document.querySelector('[data-testid="stuck-jobs-stat"]')?.getAttribute('data-count')) > n, stuckBefore, { timeout: WITHIN_MS });

    assert.equal(await page.evaluate(() => window.__sameDocument === true), true, `${where}: the page was not reloaded`);
    // A burst of notices (placing, paying, confirming) made few reads, not one per notice.
    assert.ok(dashboardReads.length > 0, `${where}: the dashboard read again`);
    await fitsTheScreen(page, where, { lang });
    await shot(page, `${lang}-${view}`);
    assert.deepEqual(errors, [], `${where}: no page errors: ${errors.join('; ')}`);
    return { revenueMs, queueMs, stepMs, reads: dashboardReads.length };
  } finally {
    // The step was this test's: it leaves no stuck job behind for the suites after it.
    ctx.sql(`DELETE FROM jobs WHERE id = '${stepId}'`);
    await context.close();
  }
}

export async function run(ctx) {
  const started = Date.now();
  for (const lang of ['en', 'ar']) {
    for (const view of ['desktop', 'phone']) {
      const { revenueMs, queueMs, stepMs, reads } = await liveIn(ctx, lang, view);
      console.log(`ok   dashboard live ${lang} ${view}: revenue tile changed ${revenueMs} ms after the payment, the queue listed the differing order ${queueMs} ms after it was flagged and the stuck step ${stepMs} ms after it was queued, ${reads} dashboard reads, no reload`);
    }
  }
  console.log(`ok   dashboard live: all (${Date.now() - started} ms)`);
}

await runAlone(import.meta.url, 'dashboard-live', run);
