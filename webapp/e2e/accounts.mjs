// Browser tests of the account flows, in English and Arabic, against the real server (the binary
// built with the web app embedded, its own PostgreSQL) in a real Chromium:
//   sign up (and the server's field error next to the field), sign out, sign in, change password,
//   admin login and the redirect to /admin/dashboard, admin logout to /admin/login, a password reset
//   by the e-mailed link read in the admin mailbox, and a session ended in another tab.
// Usage: MISHWAR_BIN=../bin/mishwar CHROMIUM=/usr/bin/chromium node e2e/accounts.mjs
// Exported as `run(ctx)` for a shared runner that owns the server and browser; `ctx` is
// { baseURL, browser, adminEmail, adminPassword }.

import assert from 'node:assert/strict';

import { chooseOpenDay, fitsTheScreen, runAlone, screenshotter, t, VIEWS } from './helpers.mjs';

const shot = screenshotter('accounts');

let seq = 0;
const uniqueEmail = (prefix) => `${prefix}-${Date.now().toString(36)}-${(seq += 1)}@example.com`;

const people = {
  en: { full: 'Mona Zaki', first: 'Mona', initials: 'MZ' },
  ar: { full: 'منى زكي', first: 'منى', initials: 'مز' },
};

async function newPage(browser, baseURL, lang) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, locale: lang === 'ar' ? 'ar-EG' : 'en-GB' });
  const host = new URL(baseURL).hostname;
  await context.addCookies([{ name: 'lang', value: lang, domain: host, path: '/' }]);
  const page = await context.newPage();
  page.setDefaultTimeout(15000);
  return { context, page };
}

async function expectText(page, text) {
  await page.getByText(text, { exact: false }).first().waitFor({ state: 'visible' });
}

async function signUp(page, baseURL, lang, email, password) {
  await page.goto(`${baseURL}/signup`);
  await page.getByLabel(t(lang, 'fields.fullName')).fill(people[lang].full);
  await page.getByLabel(t(lang, 'fields.email')).fill(email);
  await page.getByLabel(t(lang, 'fields.phone'), { exact: true }).fill('010 0123 4567');
  await page.getByLabel(t(lang, 'fields.password'), { exact: true }).fill(password);
  await page.getByRole('button', { name: t(lang, 'auth.signUpAction') }).click();
}

// The header's avatar once the session is known (right after a reload it is restored from the
// cookie by GET /api/me, so the signed-in toggle appears a moment later).
async function headerInitials(page) {
  const avatar = page.locator('#panel-toggle-desktop-login .avatar');
  await avatar.filter({ hasText: /\S/ }).waitFor({ state: 'visible' });
  return (await avatar.textContent())?.trim();
}

// While the welcome toast shows, every header button is still the topmost thing at its centre: a
// toast over the account button once held it hidden as long as the pointer rested on the toast.
async function headerControlsUncovered(page) {
  await page.locator('.Toastify__toast').first().waitFor({ state: 'visible' });
  const covered = await page.evaluate(() =>
    [...document.querySelectorAll('.navbar__tools--desktop button')].flatMap((button) => {
      const box = button.getBoundingClientRect();
      if (box.width === 0 || box.height === 0) return [];
      const top = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
      return button.contains(top) ? [] : [`${button.id} under ${top?.className}`];
    }),
  );
  assert.deepEqual(covered, [], `header buttons covered while a toast shows: ${covered.join('; ')}`);
}

async function signOutFromHeader(page, lang) {
  await page.locator('#panel-toggle-desktop-login').click();
  await page.locator('#panel-desktop-login').getByRole('button', { name: t(lang, 'auth.signOut') }).click();
  await expectText(page, t(lang, 'auth.signedOut'));
}

async function signIn(page, baseURL, lang, email, password) {
  await page.goto(`${baseURL}/signin`);
  const form = page.locator('main form');
  await form.getByLabel(t(lang, 'fields.email')).fill(email);
  await form.getByLabel(t(lang, 'fields.password'), { exact: true }).fill(password);
  await form.getByRole('button', { name: t(lang, 'auth.signInAction') }).click();
}

async function travellerFlow({ browser, baseURL }, lang) {
  const { context, page } = await newPage(browser, baseURL, lang);
  try {
    const email = uniqueEmail(`e2e-${lang}`);

    // Sign up: the full name needs two words (checked before anything is sent).
    await page.goto(`${baseURL}/signup`);
    await page.getByLabel(t(lang, 'fields.fullName')).fill(people[lang].first);
    await page.getByRole('button', { name: t(lang, 'auth.signUpAction') }).click();
    await expectText(page, t(lang, 'validation.fullName'));

    await signUp(page, baseURL, lang, email, 'first-pass-1');
    await page.waitForURL(`${baseURL}/`);
    assert.equal(await headerInitials(page), people[lang].initials, 'header initials after sign-up');
    await headerControlsUncovered(page);
    const dir = await page.evaluate(() => document.documentElement.dir);
    assert.equal(dir, lang === 'ar' ? 'rtl' : 'ltr');

    // Sign out, then the same e-mail again: the server's answer appears next to the e-mail field.
    await signOutFromHeader(page, lang);
    await signUp(page, baseURL, lang, email, 'first-pass-1');
    const emailField = page.locator('.field', { has: page.getByLabel(t(lang, 'fields.email')) });
    await emailField.locator('.field__error').filter({ hasText: lang === 'ar' ? 'مسجل بالفعل' : 'already registered' }).waitFor();

    // Sign in, and the account page shows the person's details.
    await signIn(page, baseURL, lang, email, 'first-pass-1');
    await page.waitForURL(`${baseURL}/`);
    await page.goto(`${baseURL}/account`);
    assert.equal(await page.getByLabel(t(lang, 'fields.firstName')).inputValue(), people[lang].first);

    // Change password: a wrong current password is refused next to its field, then the change works.
    await page.goto(`${baseURL}/account?tab=password`);
    const form = page.getByRole('form', { name: t(lang, 'account.tabs.password') });
    await form.getByLabel(t(lang, 'fields.oldPassword')).fill('not-my-password');
    await form.getByLabel(t(lang, 'fields.newPassword')).fill('second-pass-2');
    await form.getByLabel(t(lang, 'fields.confirmPassword')).fill('second-pass-2');
    await form.getByRole('button', { name: t(lang, 'account.updatePassword') }).click();
    await expectText(page, lang === 'ar' ? 'كلمة المرور الحالية غير صحيحة' : 'Your current password is not correct.');
    await form.getByLabel(t(lang, 'fields.oldPassword')).fill('first-pass-1');
    await form.getByRole('button', { name: t(lang, 'account.updatePassword') }).click();
    await expectText(page, t(lang, 'account.passwordUpdated'));

    // The old password no longer signs in; the new one does.
    await signOutFromHeader(page, lang);
    await signIn(page, baseURL, lang, email, 'first-pass-1');
    await expectText(page, lang === 'ar' ? 'البريد الإلكتروني أو كلمة المرور غير صحيحة' : 'The e-mail or password is incorrect.');
    await signIn(page, baseURL, lang, email, 'second-pass-2');
    await page.waitForURL(`${baseURL}/`);
    assert.equal(await headerInitials(page), people[lang].initials);

    // The session survives a reload: the HttpOnly cookie carries it, script cannot read it.
    await page.reload();
    assert.equal(await headerInitials(page), people[lang].initials, 'session after reload');
    assert.equal(await page.evaluate(() => document.cookie.includes('authToken')), false, 'authToken readable by script');
  } finally {
    await context.close();
  }
}

async function adminFlow({ browser, baseURL, adminEmail, adminPassword }, lang) {
  const { context, page } = await newPage(browser, baseURL, lang);
  try {
    // A traveller's account is turned away at the admin door with one message (the session stays);
    // "another account" brings the form back.
    const traveller = uniqueEmail(`e2e-notadmin-${lang}`);
    await signUp(page, baseURL, lang, traveller, 'traveller-1');
    await page.waitForURL(`${baseURL}/`);
    await signOutFromHeader(page, lang);
    await page.goto(`${baseURL}/admin/login`);
    await page.getByLabel(t(lang, 'fields.email')).fill(traveller);
    await page.getByLabel(t(lang, 'fields.password'), { exact: true }).fill('traveller-1');
    await page.getByRole('button', { name: t(lang, 'auth.signInAction') }).click();
    await expectText(page, lang === 'ar' ? 'لا يملك صلاحية الدخول إلى لوحة الإدارة' : 'no access to the admin area');
    assert.equal(new URL(page.url()).pathname, '/admin/login');
    await page.getByRole('button', { name: t(lang, 'auth.otherAccount') }).click();

    // The admin signs in and lands on the dashboard; signing out goes back to the admin login.
    await page.getByLabel(t(lang, 'fields.email')).fill(adminEmail);
    await page.getByLabel(t(lang, 'fields.password'), { exact: true }).fill(adminPassword);
    await page.getByRole('button', { name: t(lang, 'auth.signInAction') }).click();
    await page.waitForURL(`${baseURL}/admin/dashboard`);
    await page.locator('.admin-topbar').getByRole('button', { name: t(lang, 'auth.signOut') }).click();
    await page.waitForURL(`${baseURL}/admin/login`);
    await page.goto(`${baseURL}/admin/dashboard`);
    await page.waitForURL(/\/admin\/login/);
  } finally {
    await context.close();
  }
}

// Saved places: an address and an own pickup point are saved from their tabs, listed with their
// details, and each is deleted by the button that names it (one list component serves both).
async function placesFlow({ browser, baseURL }, lang) {
  const { context, page } = await newPage(browser, baseURL, lang);
  try {
    await signUp(page, baseURL, lang, uniqueEmail(`e2e-places-${lang}`), 'places-pass-1');
    await page.waitForURL(`${baseURL}/`);
    for (const [tab, nameLabel, save, deleted, name] of [
      ['addresses', 'account.places.label', 'account.places.save', 'account.places.deleted', lang === 'ar' ? 'بيت العائلة' : 'Family home'],
      ['points', 'account.points.name', 'account.points.save', 'account.points.deleted', lang === 'ar' ? 'فندق النيل' : 'Nile hotel'],
    ]) {
      await page.goto(`${baseURL}/account?tab=${tab}`);
      const form = page.locator('form.form--grid');
      await form.getByLabel(t(lang, nameLabel), { exact: true }).fill(name);
      await form.getByRole('textbox', { name: t(lang, 'account.places.address'), exact: true }).fill(lang === 'ar' ? 'الزمالك' : 'Zamalek');
      await form.getByLabel(t(lang, 'account.places.lat')).fill('30.0626');
      await form.getByLabel(t(lang, 'account.places.lng')).fill('31.2197');
      await form.getByRole('button', { name: t(lang, save) }).click();
      const row = page.locator('.place-list__item', { hasText: name });
      await row.waitFor();
      assert.match(await row.locator('.place-list__meta').innerText(), lang === 'ar' ? /الزمالك/ : /Zamalek/);
      await row.getByRole('button', { name: t(lang, 'account.places.delete', { name }) }).click();
      await expectText(page, t(lang, deleted));
      await row.waitFor({ state: 'detached' });
    }
  } finally {
    await context.close();
  }
}

// Forgot password: the link is e-mailed (kept in the admin mailbox, as no SMTP server is set), the
// admin reads it at /admin/mailbox, and the link sets a new password.
async function resetFlow({ browser, baseURL, adminEmail, adminPassword }, lang) {
  const traveller = await newPage(browser, baseURL, lang);
  const admin = await newPage(browser, baseURL, lang);
  try {
    const email = uniqueEmail(`e2e-reset-${lang}`);
    await signUp(traveller.page, baseURL, lang, email, 'before-reset-1');
    await traveller.page.waitForURL(`${baseURL}/`);
    await signOutFromHeader(traveller.page, lang);
    await traveller.page.goto(`${baseURL}/forgot-password`);
    await traveller.page.getByLabel(t(lang, 'fields.email')).fill(email);
    await traveller.page.getByRole('button', { name: t(lang, 'auth.sendResetLink') }).click();
    await expectText(traveller.page, t(lang, 'auth.resetSentTitle'));

    const { page } = admin;
    await page.goto(`${baseURL}/admin/login`);
    await page.getByLabel(t(lang, 'fields.email')).fill(adminEmail);
    await page.getByLabel(t(lang, 'fields.password'), { exact: true }).fill(adminPassword);
    await page.getByRole('button', { name: t(lang, 'auth.signInAction') }).click();
    await page.waitForURL(`${baseURL}/admin/dashboard`);
    await page.getByRole('link', { name: t(lang, 'mailbox.title') }).click();
    await page.waitForURL(`${baseURL}/admin/mailbox`);
    await page.locator('.mailbox__item', { hasText: email }).first().click();
    await page.waitForURL(/\/admin\/mailbox\/[0-9a-f-]{36}$/);
    // The HTML part sits in a sandboxed frame; the text part carries the same link.
    await page.locator('iframe.mailbox__frame').waitFor();
    await page.getByRole('tab', { name: t(lang, 'mailbox.text') }).click();
    const text = await page.locator('.mailbox__text').textContent();
    const link = text?.match(/https?:\/\/\S+\/reset-password\?token=\S+/)?.[0];
    assert.ok(link, `no reset link in the mail: ${text}`);

    await traveller.page.goto(link);
    await traveller.page.getByLabel(t(lang, 'fields.newPassword')).fill('after-reset-2');
    await traveller.page.getByLabel(t(lang, 'fields.confirmPassword')).fill('after-reset-2');
    await traveller.page.getByRole('button', { name: t(lang, 'auth.setPassword') }).click();
    await traveller.page.waitForURL(/\/signin/);
    await signIn(traveller.page, baseURL, lang, email, 'after-reset-2');
    await traveller.page.waitForURL(`${baseURL}/`);
    assert.equal(await headerInitials(traveller.page), people[lang].initials);
  } finally {
    await traveller.context.close();
    await admin.context.close();
  }
}

/**
 * Signed out in one tab, the other tab's checkout learns it at its next request (a day chosen: its
 * pickup times): it says the session ended and offers to sign in again, which comes back to the
 * checkout as it was left. On a desktop and on a 360 px phone.
 */
async function sessionEndedFlow({ browser, baseURL }, lang, view) {
  const context = await browser.newContext({ ...VIEWS[view], locale: lang === 'ar' ? 'ar-EG' : 'en-GB' });
  await context.addCookies([{ name: 'lang', value: lang, domain: new URL(baseURL).hostname, path: '/' }]);
  const set = view === 'phone' ? 'phone' : 'desktop';
  let tabB;
  try {
    const tabA = await context.newPage();
    tabA.setDefaultTimeout(15000);
    const email = uniqueEmail(`e2e-ended-${lang}`);
    await signUp(tabA, baseURL, lang, email, 'ended-pass-1');
    await tabA.waitForURL(`${baseURL}/`);
    await tabA.locator(`#panel-toggle-${set}-login .avatar`).filter({ hasText: /\S/ }).waitFor();
    const destinations = (await (await context.request.get(`${baseURL}/api/destinations?limit=2`)).json()).data;
    for (const d of destinations) {
      const added = await context.request.post(`${baseURL}/api/auth/cart`, { data: { destination_id: d.id } });
      assert.ok(added.ok(), `add to cart: HTTP ${added.status()}`);
    }

    tabB = await context.newPage();
    tabB.setDefaultTimeout(15000);
    await tabB.goto(`${baseURL}/checkout`);
    await tabB.getByTestId('checkout-form').waitFor();
    await tabB.getByLabel(t(lang, 'fields.comments')).fill('A wheelchair, please');
    await tabB.getByLabel(t(lang, 'fields.rate'), { exact: true }).selectOption({ index: 1 });
    await tabB.waitForFunction(() => document.querySelectorAll('.booking-calendar__day[data-status="available"]').length > 0);

    // Tab A signs out from its header.
    await tabA.locator(`#panel-toggle-${set}-login`).click();
    await tabA.locator(`#panel-${set}-login`).getByRole('button', { name: t(lang, 'auth.signOut') }).click();
    await expectText(tabA, t(lang, 'auth.signedOut'));

    await chooseOpenDay(tabB, lang);
    const notice = tabB.getByTestId('session-ended');
    await notice.getByText(t(lang, 'auth.sessionEnded')).waitFor();
    await tabB.locator(`#panel-toggle-${set}-login .avatar`).waitFor({ state: 'detached' });
    await fitsTheScreen(tabB, `${lang}/${view} /checkout, the session ended`, { lang });
    await shot(tabB, `${lang}-${view}-session-ended`);
    await notice.getByRole('link', { name: t(lang, 'auth.signInAgain') }).click();
    await tabB.waitForURL((url) => url.pathname === '/signin' && url.searchParams.get('redirect') === '/checkout');
    const form = tabB.locator('main form');
    await form.getByLabel(t(lang, 'fields.email')).fill(email);
    await form.getByLabel(t(lang, 'fields.password'), { exact: true }).fill('ended-pass-1');
    await form.getByRole('button', { name: t(lang, 'auth.signInAction') }).click();
    await tabB.waitForURL(`${baseURL}/checkout`);
    await tabB.getByTestId('checkout-form').waitFor();
    assert.equal(await tabB.getByLabel(t(lang, 'fields.comments')).inputValue(), 'A wheelchair, please', 'the checkout as it was left');
    assert.equal(await notice.count(), 0, 'the notice is gone once signed in again');
  } catch (error) {
    if (tabB) await shot(tabB, `${lang}-${view}-session-ended-failed`).catch(() => undefined);
    throw error;
  } finally {
    await context.close();
  }
}

export async function run(ctx) {
  for (const lang of ['en', 'ar']) {
    for (const [name, flow] of [
      ['traveller: sign up, sign out, sign in, change password', travellerFlow],
      ['admin: login to the dashboard, logout to the admin login', adminFlow],
      ['forgot password: the e-mailed link (read in the admin mailbox) sets a new password', resetFlow],
      ['saved places: an address and a pickup point are saved, listed and deleted by name', placesFlow],
      ['signed out in another tab: the checkout says the session ended, and signing in again comes back to it', (c, l) => sessionEndedFlow(c, l, 'desktop')],
      ['signed out in another tab, on a phone: the same, fitting 360 px', (c, l) => sessionEndedFlow(c, l, 'phone')],
    ]) {
      const started = Date.now();
      await flow(ctx, lang);
      console.log(`ok   accounts ${lang}: ${name} (${Date.now() - started} ms)`);
    }
  }
}

await runAlone(import.meta.url, 'accounts', run);
