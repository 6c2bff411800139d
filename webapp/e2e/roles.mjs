// Browser test of who sees what at the admin door and inside, in English and Arabic, on a desktop and
// a 360 px phone, against the real server (its guards decide; the web app must only offer what they
// allow):
//   support staff sign in at /admin/login → the menu offers the dashboard, trips, purchase orders and
//   support only; each of them loads (no "We couldn't load…"); the trips board is read-only; an
//   admin-only page (/admin/mailbox, /admin/rate/create) says it is not for their role;
//   a traveller signing in at /admin/login reads once that the account has no access (and, already
//   signed in, is brought there from any admin page, with no loop);
//   a driver signing in on the site lands on their trips; at the admin login they get the same one
//   message with the way to their trips.
// Exported as `run(ctx)` for the shared runner (ctx: { browser, baseURL, addUser }).

import assert from 'node:assert/strict';

import { fitsTheScreen, screenshotter, signedInContext, t, uniqueEmail } from './helpers.mjs';

const shot = screenshotter('roles');
const VIEWS = {
  desktop: { viewport: { width: 1280, height: 900 } },
  phone: { viewport: { width: 360, height: 760 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 },
};

async function newPage(browser, baseURL, lang, view) {
  const context = await browser.newContext({ ...VIEWS[view], locale: lang === 'ar' ? 'ar-EG' : 'en-GB' });
  await context.addCookies([{ name: 'lang', value: lang, domain: new URL(baseURL).hostname, path: '/' }]);
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  const errors = [];
  page.on('pageerror', (error) => errors.push(String(error)));
  return { context, page, errors };
}

async function settled(page) {
  await page.locator('h1').first().waitFor({ state: 'visible' });
  await page.waitForFunction(() => !document.querySelector('[aria-busy="true"], .page-spinner'), null, { timeout: 10_000 }).catch(() => undefined);
}

async function signInAt(page, baseURL, lang, path, email, password) {
  await page.goto(`${baseURL}${path}`);
  const form = page.locator('main form');
  await form.getByLabel(t(lang, 'fields.email')).fill(email);
  await form.getByLabel(t(lang, 'fields.password'), { exact: true }).fill(password);
  await form.getByRole('button', { name: t(lang, 'auth.signInAction') }).click();
}

const noAccess = (lang) => t(lang, 'auth.notAdmin');

async function supportFlow({ browser, baseURL, addUser }, lang, view) {
  const email = uniqueEmail(`e2e-support-${lang}-${view}`);
  addUser(email, 'support-e2e-pass', 'support');
  const { context, page, errors } = await newPage(browser, baseURL, lang, view);
  try {
    await signInAt(page, baseURL, lang, '/admin/login', email, 'support-e2e-pass');
    await page.waitForURL(`${baseURL}/admin/dashboard`);
    await settled(page);

    // The menu and the dashboard's links offer exactly the role's screens.
    // A phone folds the menu behind one button.
    if (view === 'phone') await page.getByTestId('admin-menu-toggle').click();
    const menu = page.getByRole('navigation', { name: t(lang, 'admin.navLabel') });
    const offered = await menu.getByRole('link').evaluateAll((links) => links.map((link) => link.getAttribute('href')));
    assert.deepEqual(offered, ['/admin/dashboard', '/admin/trip', '/admin/planner', '/admin/purchase_order', '/admin/process-steps', '/admin/support', '/admin/reviews']);
    const quick = await page.locator('.quick-link').evaluateAll((links) => links.map((link) => link.getAttribute('href')));
    assert.deepEqual(quick, ['/admin/trip', '/admin/planner', '/admin/purchase_order', '/admin/process-steps', '/admin/support', '/admin/reviews']);
    await shot(page, `${lang}-${view}-support-dashboard`);

    // Each of them loads: no error state, no "not for your role".
    for (const path of offered) {
      await page.goto(`${baseURL}${path}`);
      await settled(page);
      assert.equal(new URL(page.url()).pathname, path);
      assert.equal(await page.locator('.empty-state--error').count(), 0, `${path} shows an error state`);
      assert.equal(await page.getByTestId('not-for-role').count(), 0, `${path} is refused`);
      await fitsTheScreen(page, path, { lang });
    }

    // The trips board is read-only for support: the server refuses assignment and account links.
    await page.goto(`${baseURL}/admin/trip`);
    await page.getByTestId('drivers').waitFor();
    assert.equal(await page.getByTestId('drivers').locator('form').count(), 0, 'support is offered to link accounts');
    assert.equal(await page.getByTestId('driver-select').count(), 0, 'support is offered to assign drivers');

    // An admin-only page, typed in: said plainly, nothing fails to load.
    for (const path of ['/admin/mailbox', '/admin/rate/create', '/admin/home']) {
      await page.goto(`${baseURL}${path}`);
      await page.getByRole('heading', { level: 1, name: t(lang, 'admin.notForRole.title') }).waitFor();
      assert.equal(await page.locator('.empty-state--error').count(), 0, `${path} shows an error state`);
      await fitsTheScreen(page, path, { lang });
    }
    await shot(page, `${lang}-${view}-support-not-for-role`);
    await page.getByRole('link', { name: t(lang, 'admin.notForRole.back') }).click();
    await page.waitForURL(`${baseURL}/admin/dashboard`);
    assert.deepEqual(errors, []);
  } finally {
    await context.close();
  }
}

async function travellerFlow({ browser, baseURL }, lang, view) {
  // Signing in at the admin login: one message, in the page's language, on the admin login.
  const { context: signUpContext, email } = await signedInContext(browser, baseURL, lang, {
    emailPrefix: `e2e-door-${lang}-${view}`,
    firstName: 'Mona',
    lastName: 'Zaki',
    password: 'traveller-door-1',
  });
  await signUpContext.close();
  const { context, page, errors } = await newPage(browser, baseURL, lang, view);
  try {
    await signInAt(page, baseURL, lang, '/admin/login', email, 'traveller-door-1');
    await page.getByRole('heading', { level: 1, name: noAccess(lang) }).waitFor();
    assert.equal(await page.getByText(noAccess(lang)).count(), 1, 'the message shows more than once');
    assert.equal(new URL(page.url()).pathname, '/admin/login');
    await fitsTheScreen(page, 'no access', { lang });
    await shot(page, `${lang}-${view}-traveller-no-access`);

    // Already signed in, any admin page brings them here once, and here they stay.
    await page.goto(`${baseURL}/admin/purchase_order`);
    await page.waitForURL((url) => url.pathname === '/admin/login');
    await page.getByRole('heading', { level: 1, name: noAccess(lang) }).waitFor();
    await page.waitForTimeout(500);
    assert.equal(new URL(page.url()).pathname, '/admin/login', 'the admin login did not hold');
    await page.getByRole('link', { name: t(lang, 'auth.backToSite') }).waitFor();

    // Another account: the admin login's form again.
    await page.getByRole('button', { name: t(lang, 'auth.otherAccount') }).click();
    await page.getByRole('heading', { level: 1, name: t(lang, 'auth.adminTitle') }).waitFor();
    assert.deepEqual(errors, []);
  } finally {
    await context.close();
  }
}

async function driverFlow({ browser, baseURL, addUser }, lang, view) {
  const email = uniqueEmail(`e2e-driver-door-${lang}-${view}`);
  addUser(email, 'driver-door-pass', 'driver');
  const { context, page, errors } = await newPage(browser, baseURL, lang, view);
  try {
    // On the site, sign-in lands on the driver's trips.
    await signInAt(page, baseURL, lang, '/signin', email, 'driver-door-pass');
    await page.waitForURL(`${baseURL}/driver`);
    await settled(page);
    await fitsTheScreen(page, '/driver', { lang });

    // At the admin login: the same one message, and the way to their trips.
    await page.goto(`${baseURL}/admin/login`);
    await page.getByRole('heading', { level: 1, name: noAccess(lang) }).waitFor();
    await fitsTheScreen(page, 'driver at the admin login', { lang });
    await shot(page, `${lang}-${view}-driver-no-access`);
    await page.getByRole('link', { name: t(lang, 'auth.openMyTrips') }).click();
    await page.waitForURL(`${baseURL}/driver`);
    assert.deepEqual(errors, []);
  } finally {
    await context.close();
  }
}

export async function run(ctx) {
  assert.ok(ctx.addUser, 'the runner passes addUser');
  for (const lang of ['en', 'ar']) {
    for (const view of ['desktop', 'phone']) {
      for (const [name, flow] of [
        ['support staff see only their screens; admin-only pages say so', supportFlow],
        ['a traveller at the admin door reads one message, with no loop', travellerFlow],
        ['a driver lands on their trips; at the admin door, one message', driverFlow],
      ]) {
        const started = Date.now();
        await flow(ctx, lang, view);
        console.log(`ok   roles ${lang}/${view}: ${name} (${Date.now() - started} ms)`);
      }
    }
  }
}
