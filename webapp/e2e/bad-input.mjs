// Browser test of over-long input, in English and Arabic, against the real server in Chromium: every
// message is the app's own, in the page's language, next to its field, naming the field and the limit
// ("First name can be at most 50 characters."), never zod's English ("Too big: expected string to
// have <=2000 characters"):
//   sign-up with a first name too long (checked in the browser, on a 360 px phone),
//   the enquiry form's comments and name too long (checked in the browser),
//   an admin's category name too long (checked by the server, whose words come back in the page's
//   language and land next to the field).
// Exported as `run(ctx)` for the shared runner (ctx: { browser, baseURL, adminEmail, adminPassword }).

import assert from 'node:assert/strict';

import { t } from './helpers.mjs';

const ZOD_ENGLISH = /Too big|Too small|expected string|Invalid input/;

/** The app's "{{field}} can be at most {{count}} characters." in lang, with lang's plural form. */
function tooLong(lang, field, count) {
  return t(lang, `validation.tooLong_${new Intl.PluralRules(lang).select(count)}`, { field, count });
}

async function newPage(browser, baseURL, lang, viewport = { width: 1280, height: 900 }) {
  const context = await browser.newContext({ viewport, locale: lang === 'ar' ? 'ar-EG' : 'en-GB' });
  await context.addCookies([{ name: 'lang', value: lang, domain: new URL(baseURL).hostname, path: '/' }]);
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  return { context, page };
}

/** The error shown in the field whose label is label. */
const fieldError = (page, label) => page.locator('.field', { has: page.getByLabel(label, { exact: true }) }).locator('.field__error');

async function noZodEnglish(page) {
  const text = await page.evaluate(() => document.body.innerText);
  assert.doesNotMatch(text, ZOD_ENGLISH);
}

async function signUpFlow({ browser, baseURL }, lang) {
  const { context, page } = await newPage(browser, baseURL, lang, { width: 360, height: 760 });
  try {
    await page.goto(`${baseURL}/signup`);
    await page.getByLabel(t(lang, 'fields.fullName')).fill(`${'a'.repeat(51)} Hassan`);
    await page.getByRole('button', { name: t(lang, 'auth.signUpAction') }).click();
    const error = fieldError(page, t(lang, 'fields.fullName'));
    await error.filter({ hasText: tooLong(lang, t(lang, 'fields.firstName'), 50) }).waitFor();
    await noZodEnglish(page);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    assert.ok(overflow <= 1, `the sign-up page is ${overflow}px wider than the phone`);
  } finally {
    await context.close();
  }
}

async function enquiryFlow({ browser, baseURL }, lang) {
  const { context, page } = await newPage(browser, baseURL, lang);
  try {
    await page.goto(`${baseURL}/rates`);
    await page.getByLabel(t(lang, 'fields.comments')).fill('x'.repeat(2001));
    await page.getByLabel(t(lang, 'fields.firstName')).fill('y'.repeat(101));
    await page.getByRole('button', { name: t(lang, 'enquiry.submit') }).click();
    await fieldError(page, t(lang, 'fields.comments')).filter({ hasText: tooLong(lang, t(lang, 'fields.comments'), 2000) }).waitFor();
    await fieldError(page, t(lang, 'fields.firstName')).filter({ hasText: tooLong(lang, t(lang, 'fields.firstName'), 100) }).waitFor();
    await noZodEnglish(page);
  } finally {
    await context.close();
  }
}

async function adminFlow({ browser, baseURL, adminEmail, adminPassword }, lang) {
  const { context, page } = await newPage(browser, baseURL, lang);
  try {
    const login = await context.request.post(`${baseURL}/api/user/login`, { data: { email: adminEmail, password: adminPassword } });
    assert.equal(login.status(), 200, `admin login: ${login.status()}`);
    await page.goto(`${baseURL}/admin/category/create`);
    const name = page.getByRole('group', { name: `${t(lang, 'adminCatalogue.fields.name')} *` });
    // The browser does not know this limit (120): the server's answer is the one shown.
    await name.getByLabel(t(lang, 'adminCatalogue.english')).fill('n'.repeat(121));
    await name.getByLabel(t(lang, 'adminCatalogue.arabic')).fill('حدائق');
    await page.getByRole('button', { name: t(lang, 'adminCatalogue.save') }).click();
    const serverWords = lang === 'ar' ? 'هذا النص طويل جدًا.' : 'This is too long.';
    await name.locator('.field', { has: page.getByLabel(t(lang, 'adminCatalogue.english')) }).locator('.field__error').filter({ hasText: serverWords }).waitFor();
    assert.equal(new URL(page.url()).pathname, '/admin/category/create');
    await noZodEnglish(page);
  } finally {
    await context.close();
  }
}

export async function run(ctx) {
  for (const lang of ['en', 'ar']) {
    for (const [name, flow] of [
      ['sign-up names the part of a name too long, and its limit (360 px)', signUpFlow],
      ['the enquiry form names its fields too long, and their limits', enquiryFlow],
      ['the server’s words for a name too long land next to the field, in the page’s language', adminFlow],
    ]) {
      const started = Date.now();
      await flow(ctx, lang);
      console.log(`ok   bad input ${lang}: ${name} (${Date.now() - started} ms)`);
    }
  }
}
