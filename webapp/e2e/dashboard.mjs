// Browser test of the admin dashboard (issue 14) against the real server (the binary with the web app
// embedded, its own PostgreSQL, the demo catalogue, the sandbox payments) in Chromium, in English and
// Arabic, on a desktop and on a 360 px phone:
//   a traveller books and pays an order on the sandbox's card page; another order gets a correctly
//   signed sandbox notice for 1.00 EGP (money that differs from what was asked). The admin opens the
//   dashboard: the bookings, revenue and capacity charts are drawn by Chart.js (loaded only now) on
//   their canvases, each with its figures in words (aria-label) and in a table, in the language's
//   digits, days labelled as Cairo days; the needs-attention queue lists the order whose amount
//   differs, and its link opens that order on the purchase orders screen; the 90-day period
//   redraws the charts. No page wider than the screen, no cut button, no Western digits among Arabic
//   words.
// Run alone: MISHWAR_BIN=../bin/mishwar CHROMIUM=/usr/bin/chromium node e2e/dashboard.mjs
// Exported as `run(ctx)` for the shared runner (ctx: { browser, baseURL, adminEmail, adminPassword, sql }).

import assert from 'node:assert/strict';

import { apiJSON as json, eventually, fitsTheScreen, orderPaidOnePound, paidOrder, runAlone, screenshotter, signIn, t } from './helpers.mjs';

const shot = screenshotter('dashboard');
const PASSWORD = 'dashboard-e2e-pass';

/** The chart is drawn: Chart.js has painted something on its canvas, and its figures are said in words. */
async function drawn(page, testId, lang) {
  const figure = page.getByTestId(testId);
  await figure.and(page.locator('[data-drawn="true"]')).waitFor();
  const painted = await figure.locator('canvas').evaluate((canvas) => {
    const { data } = canvas.getContext('2d').getImageData(0, 0, canvas.width, canvas.height);
    let inked = 0;
    for (let i = 3; i < data.length; i += 4) if (data[i] > 0) inked += 1;
    return { inked, width: canvas.getBoundingClientRect().width };
  });
  assert.ok(painted.inked > 500, `${testId}: the canvas is blank (${painted.inked} pixels inked)`);
  assert.ok(painted.width > 200 && painted.width <= 1280, `${testId}: the canvas is ${painted.width} px wide`);
  const label = await figure.locator('canvas').getAttribute('aria-label');
  assert.ok(label && (lang === 'ar' ? /[\u0660-\u0669]/.test(label) && !/[0-9]/.test(label) : /[0-9]/.test(label)), `${testId}: its figures in words in ${lang}: ${label}`);
}

async function dashboardIn(ctx, lang, view, { paid, differs }) {
  const { baseURL } = ctx;
  const context = await signIn(ctx.browser, baseURL, lang, ctx.adminEmail, ctx.adminPassword, view, { timeout: 20_000 });
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (error) => errors.push(String(error)));
  const chartRequests = [];
  page.on('request', (request) => {
    if (/chart/i.test(new URL(request.url()).pathname)) chartRequests.push(request.url());
  });
  try {
    await page.goto(`${baseURL}/admin/dashboard`);
    await page.getByRole('heading', { name: t(lang, 'admin.dashboard.insightsTitle') }).waitFor();
    for (const id of ['chart-bookings', 'chart-revenue-EGP', 'chart-capacity']) await drawn(page, id, lang);
    assert.ok(chartRequests.length > 0, 'Chart.js came as a chunk of its own');
    const zone = await page.getByTestId('insights-zone').innerText();
    // In words of the page's language: "Cairo time (Africa/Cairo)", «بتوقيت القاهرة».
    assert.ok(zone.includes(lang === 'ar' ? 'بتوقيت القاهرة' : 'Africa/Cairo'), `the days are said to be Cairo's: ${zone}`);

    // The figures behind the bookings chart, as a table: today's row counts the paid order.
    const bookings = page.getByTestId('chart-bookings');
    await bookings.locator('summary').click();
    const rows = bookings.locator('tbody tr');
    assert.equal(await rows.count(), 30, 'thirty Cairo days in the table');
    const today = (await rows.last().locator('td').allInnerTexts()).join(' ');
    assert.ok(lang === 'ar' ? /[\u0661-\u0669]/.test(today) : /[1-9]/.test(today), `today's bookings in ${lang} digits: ${today}`);

    // The queue: the order whose money differs, linking to where staff settle it.
    const item = page.locator(`.attention__item[data-kind="amount_mismatch"][data-order="${differs}"]`);
    await item.waitFor();
    assert.ok((await item.innerText()).includes(t(lang, 'admin.dashboard.attention.kinds.amount_mismatch')), 'the item says what happened');
    assert.equal(await page.locator(`.attention__item[data-order="${paid}"]`).count(), 0, 'a paid order that balances is not in the queue');
    await fitsTheScreen(page, `dashboard ${lang} ${view}`, { lang });
    await shot(page, `${lang}-${view}`);

    await page.getByTestId('period-90').click();
    await page.waitForFunction(() => document.querySelectorAll('[data-testid="chart-bookings"] tbody tr').length === 90);
    await drawn(page, 'chart-bookings', lang);
    await fitsTheScreen(page, `dashboard ${lang} ${view} 90 days`, { lang });

    await item.locator('a').click();
    await page.waitForURL((url) => url.pathname === '/admin/purchase_order' && url.searchParams.get('q') === differs);
    await page.locator(`[data-order="${differs}"]`).first().waitFor();
    assert.deepEqual(errors, [], `no page errors: ${errors.join('; ')}`);
  } catch (error) {
    await shot(page, `${lang}-${view}-failed`).catch(() => undefined);
    throw error;
  } finally {
    await context.close();
  }
}

export async function run(ctx) {
  assert.ok(ctx.adminEmail && ctx.sql, 'the runner passes the demo admin and sql');
  const started = Date.now();
  const admin = await signIn(ctx.browser, ctx.baseURL, 'en', ctx.adminEmail, ctx.adminPassword, 'desktop', { timeout: 20_000 });
  let paid;
  let differs;
  try {
    paid = await paidOrder(ctx.browser, ctx.baseURL, { emailPrefix: 'e2e-dashboard', password: PASSWORD });
    differs = await orderPaidOnePound(ctx, admin.request, { emailPrefix: 'e2e-dashboard', password: PASSWORD });
    await eventually('the queue lists the order', async () => {
      const queue = await json(await admin.request.get(`${ctx.baseURL}/api/admin/dashboard/attention`), 'attention');
      return (queue.data ?? queue).items.some((i) => i.order_id === differs && i.kind === 'amount_mismatch');
    });
  } finally {
    await admin.close();
  }
  for (const lang of ['en', 'ar']) {
    for (const view of ['desktop', 'phone']) {
      const at = Date.now();
      await dashboardIn(ctx, lang, view, { paid, differs });
      console.log(`ok   dashboard ${lang} ${view}: three charts drawn with their figures, the order whose money differs in the queue and opened from it (${Date.now() - at} ms)`);
    }
  }
  console.log(`ok   dashboard: all (${Date.now() - started} ms)`);
}

await runAlone(import.meta.url, 'dashboard', run);
