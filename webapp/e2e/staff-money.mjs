// Browser test of the staff's money screens against the real server (the binary with the web app
// embedded, its own PostgreSQL, the demo catalogue, the sandbox payments) in Chromium, on a 360 px
// phone, in English and in Arabic:
//   accept-payment: a correctly signed sandbox notice for 1.00 EGP (as httpapi/money_test.go sends
//     one) flags the order, which stays unconfirmed; the admin accepts the payment from a confirmation
//     naming what came and what was asked → the order is confirmed.
//   refund + process steps: the sandbox's refunds are made to fail (a trigger on its ledger refuses
//     every write: the provider is down); the admin refunds part of a paid order from a confirmation
//     showing the amount → the refund job fails, retries, and after three attempts is stuck; the
//     dashboard counts it and links to "Process steps", which shows it in words with its order, its
//     attempts and last error; a support agent sees it without a retry; the provider comes back, the
//     admin retries → the job leaves the list and the order shows the refund as refunded.
// Every screen: no horizontal scroll, no button whose words are cut.
// Exported as `run(ctx)` for the shared runner (ctx: { browser, baseURL, adminEmail, adminPassword, addUser, sql }).
// Run alone through the runner: E2E_FILTER='suite staff-money' node e2e/run.mjs

import assert from 'node:assert/strict';

import { apiJSON as json, eventually, fitsTheScreen, orderPaidOnePound, paidOrder, screenshotter, signIn, t, uniqueEmail } from './helpers.mjs';

const shot = screenshotter('staff-money');
const PASSWORD = 'money-e2e-pass';
const staffContext = (browser, baseURL, lang, email, password) => signIn(browser, baseURL, lang, email, password, 'phone', { timeout: 20_000 });

/** The admin's order row on the purchase orders screen, opened. */
async function openOrder(page, baseURL, trip) {
  await page.goto(`${baseURL}/admin/purchase_order`);
  const row = page.locator(`[data-order="${trip}"]`);
  await row.waitFor();
  await row.getByRole('button', { name: trip, exact: true }).click();
  await row.getByTestId('order-money').waitFor();
  return row;
}

async function acceptPayment(ctx, lang) {
  const { browser, baseURL, adminEmail, adminPassword } = ctx;
  const admin = await staffContext(browser, baseURL, lang, adminEmail, adminPassword);
  const page = await admin.newPage();
  try {
    const trip = await orderPaidOnePound(ctx, admin.request, { emailPrefix: 'e2e-money', password: PASSWORD });
    const row = await openOrder(page, baseURL, trip);
    // Flagged, and still unconfirmed.
    await row.getByTestId('amount-mismatch').waitFor();
    await row.locator('.badge--awaiting_payment').waitFor();
    const form = row.getByTestId('accept-form');
    await form.getByLabel(t(lang, 'fields.reason')).fill(lang === 'ar' ? 'دفع الباقي نقدًا' : 'Paid the rest in cash');
    await fitsTheScreen(page, `${lang} flagged order`, { lang });
    await shot(page, `${lang}-flagged`);
    await form.getByRole('button', { name: t(lang, 'purchaseOrders.money.accept') }).click();
    const dialog = page.getByRole('alertdialog', { name: t(lang, 'purchaseOrders.money.confirmAcceptTitle') });
    await dialog.waitFor();
    const text = await dialog.getByTestId('accept-confirm-amounts').innerText();
    assert.ok(text.includes(trip), `the confirmation names the order: ${text}`);
    // What came (1.00) and what was asked, in the page's digits.
    const one = new Intl.NumberFormat(lang === 'ar' ? 'ar-EG' : 'en-GB', { style: 'currency', currency: 'EGP', maximumFractionDigits: 0 }).format(1);
    assert.ok(text.replace(/\s/g, ' ').includes(one.replace(/\s/g, ' ')), `the confirmation names the 1.00 received: ${text}`);
    await fitsTheScreen(page, `${lang} accept confirmation`, { lang });
    await shot(page, `${lang}-accept-confirm`);
    await dialog.getByRole('button', { name: t(lang, 'purchaseOrders.money.accept') }).click();
    await dialog.waitFor({ state: 'hidden' });
    await row.locator('.badge--confirmed').waitFor();
    assert.equal(await row.getByTestId('amount-mismatch').count(), 0, 'the accepted payment is no longer flagged');
    const o = (await json(await admin.request.get(`${baseURL}/api/admin/orders/${trip}`), 'admin order')).data;
    assert.equal(o.status, 'confirmed');
    assert.ok(o.payments[0].accepted, 'the payment is recorded as accepted');
  } catch (error) {
    await shot(page, `${lang}-accept-failed`).catch(() => undefined);
    throw error;
  } finally {
    await admin.close();
  }
}

// The sandbox provider made to fail: its refunds ledger refuses every write, as a provider that is down.
const breakRefunds = (sql) =>
  sql(`CREATE OR REPLACE FUNCTION e2e_refunds_down() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'sandbox refunds are down (e2e)'; END $$;
       DROP TRIGGER IF EXISTS e2e_refunds_down ON payment_sandbox_refunds;
       CREATE TRIGGER e2e_refunds_down BEFORE INSERT ON payment_sandbox_refunds FOR EACH ROW EXECUTE FUNCTION e2e_refunds_down();`);
const mendRefunds = (sql) => sql(`DROP TRIGGER IF EXISTS e2e_refunds_down ON payment_sandbox_refunds; DROP FUNCTION IF EXISTS e2e_refunds_down();`);

async function refundThroughAStuckStep(ctx, lang, supportUser) {
  const { browser, baseURL, adminEmail, adminPassword, sql } = ctx;
  const trip = await paidOrder(browser, baseURL, { emailPrefix: 'e2e-money', password: PASSWORD });
  const admin = await staffContext(browser, baseURL, lang, adminEmail, adminPassword);
  const page = await admin.newPage();
  breakRefunds(sql);
  try {
    await eventually('the paid order', async () => (await json(await admin.request.get(`${baseURL}/api/admin/orders/${trip}`), 'admin order')).data.status === 'confirmed');
    const row = await openOrder(page, baseURL, trip);
    const form = row.getByTestId('refund-form');
    await form.getByLabel(t(lang, 'purchaseOrders.money.refundPart')).check();
    const amount = form.getByLabel(t(lang, 'purchaseOrders.amount'));
    // Piastres typed as if pounds, beyond what was paid: refused in the form, nothing sent.
    await amount.fill('999999');
    await form.getByLabel(t(lang, 'fields.reason')).fill(lang === 'ar' ? 'تأخر السائق' : 'Late driver');
    await form.getByRole('button', { name: t(lang, 'purchaseOrders.refund'), exact: true }).click();
    await form.locator('.field__error').first().waitFor();
    await amount.fill('100.50');
    await form.getByRole('button', { name: t(lang, 'purchaseOrders.refund'), exact: true }).click();
    const dialog = page.getByRole('alertdialog', { name: t(lang, 'purchaseOrders.money.confirmRefundTitle') });
    await dialog.waitFor();
    const shown = new Intl.NumberFormat(lang === 'ar' ? 'ar-EG' : 'en-GB', { style: 'currency', currency: 'EGP', maximumFractionDigits: 2 }).format(100.5);
    const text = await dialog.getByTestId('refund-confirm-amount').innerText();
    assert.ok(text.replace(/\s/g, ' ').includes(shown.replace(/\s/g, ' ')) && text.includes(trip), `the confirmation shows ${shown} for ${trip}: ${text}`);
    await fitsTheScreen(page, `${lang} refund confirmation`, { lang });
    await shot(page, `${lang}-refund-confirm`);
    await dialog.getByRole('button', { name: t(lang, 'purchaseOrders.money.confirmRefund', { amount: shown }) }).click();
    await dialog.waitFor({ state: 'hidden' });
    // Ordered, waiting for the provider (which is down).
    await row.locator('[data-testid^="refund-"][data-status="in_progress"]').waitFor();
    await row.getByTestId('refund-pending').waitFor();

    // Three failed attempts (2 s, 4 s, 8 s of backoff): the step is stuck.
    const jobOf = async () => {
      const data = (await json(await admin.request.get(`${baseURL}/api/admin/jobs`), 'jobs')).data;
      return data.stuck.find((j) => j.kind === 'orders.refund' && j.payload?.order_id === trip) ?? null;
    };
    const job = await eventually('the refund job stuck', jobOf, 60_000);
    assert.match(job.last_error, /sandbox refunds are down/);

    // The dashboard counts it and links to the screen.
    await page.goto(`${baseURL}/admin/dashboard`);
    const stat = page.getByTestId('stuck-jobs-stat');
    await stat.waitFor();
    assert.ok(Number(await stat.getAttribute('data-count')) >= 1, 'the dashboard counts the stuck step');
    await fitsTheScreen(page, `${lang} dashboard`, { lang });
    await stat.click();
    await page.waitForURL(/\/admin\/process-steps$/);
    const item = page.getByTestId(`job-${job.id}`);
    await item.waitFor();
    assert.ok((await item.innerText()).includes(t(lang, 'processSteps.kinds.orders_refund')), 'the kind in words');
    assert.equal((await item.getByTestId('job-order').innerText()).trim(), trip, 'the order it concerns');
    assert.match(await item.getByTestId('job-error').innerText(), /sandbox refunds are down/);
    const cairo = t(lang, 'processSteps.cairo', { time: '' }).trim();
    assert.ok((await item.innerText()).includes(cairo), `times are labelled "${cairo}"`);
    await fitsTheScreen(page, `${lang} process steps`, { lang });
    await shot(page, `${lang}-process-steps`);

    // A support agent reads it, with no retry.
    if (supportUser) {
      const support = await staffContext(browser, baseURL, lang, supportUser.email, supportUser.password);
      try {
        const sp = await support.newPage();
        await sp.goto(`${baseURL}/admin/process-steps`);
        const theirs = sp.getByTestId(`job-${job.id}`);
        await theirs.waitFor();
        assert.equal(await theirs.getByRole('button').count(), 0, 'no retry for support staff');
        await sp.getByTestId('retry-admins-only').waitFor();
        await fitsTheScreen(sp, `${lang} process steps (support)`, { lang });
      } finally {
        await support.close();
      }
    }

    // The provider is back; the admin retries: the step goes through and leaves the list.
    mendRefunds(sql);
    await item.getByRole('button', { name: t(lang, 'processSteps.retry') }).click();
    await item.waitFor({ state: 'detached', timeout: 45_000 });
    await eventually('the job done', async () => !(await jobOf()), 30_000);

    // The order shows the refund as refunded.
    const again = await openOrder(page, baseURL, trip);
    await again.locator('[data-testid^="refund-"][data-status="issued"]').waitFor();
    assert.equal(await again.getByTestId('refund-pending').count(), 0, 'nothing left on its way back');
    const o = (await json(await admin.request.get(`${baseURL}/api/admin/orders/${trip}`), 'admin order')).data;
    assert.equal(o.refunded.minor, 10050, 'exactly 100.50 went back');
    assert.equal(o.refunds.length, 1, 'one refund');
    await fitsTheScreen(page, `${lang} refunded order`, { lang });
    await shot(page, `${lang}-refunded`);
  } catch (error) {
    await shot(page, `${lang}-refund-failed`).catch(() => undefined);
    throw error;
  } finally {
    mendRefunds(sql);
    await admin.close();
  }
}

export async function run(ctx) {
  assert.ok(ctx.adminEmail && ctx.sql && ctx.addUser, 'the runner passes the demo admin, sql and addUser');
  const support = { email: uniqueEmail('e2e-money-support'), password: 'support-money-pass' };
  ctx.addUser(support.email, support.password, 'support');
  for (const lang of ['en', 'ar']) {
    let started = Date.now();
    await acceptPayment(ctx, lang);
    console.log(`ok   staff-money ${lang}: 1.00 EGP for a larger order is flagged and stays unconfirmed; accepted from a confirmation naming the amounts → confirmed (${Date.now() - started} ms)`);
    started = Date.now();
    await refundThroughAStuckStep(ctx, lang, lang === 'en' ? support : null);
    console.log(`ok   staff-money ${lang}: a partial refund from its confirmation, the provider down → a stuck step on the dashboard and "Process steps" (support: no retry) → retried → refunded (${Date.now() - started} ms)`);
  }
}
