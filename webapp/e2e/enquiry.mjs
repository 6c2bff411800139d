// Browser test of a visitor's enquiry, without an account, against the real server (the demo
// catalogue, the sandbox payment provider), in English and Arabic, on a desktop and a 360 px phone:
//   a program's page → "Enquire about this program" → the enquiry form about that program (the
//   program named; date, time, group size, comments) → asked for a pickup point before sending → the
//   pickup selection and back → sent: the trip
//   number on screen → staff quote it on the purchase orders screen → the quote e-mail's link (read
//   from the outbox, as the visitor receives it) → the enquiry's page with the offer → Pay now →
//   the sandbox's card page → paid → the payment's page, then the trip status: never a sign-in page.
//   A forged link opens nothing.
// Usage: MISHWAR_BIN=../bin/mishwar CHROMIUM=/usr/bin/chromium node e2e/run.mjs (E2E_FILTER=enquiry)
// Exported as `run(ctx)` for the shared runner (ctx: { browser, baseURL, adminEmail, adminPassword, sql }).

import assert from 'node:assert/strict';

import { apiJSON, cairoDate, latinDigits, pickDay, screenshotter, t, uniqueEmail } from './helpers.mjs';

const shot = screenshotter('enquiry');

const VIEWS = {
  desktop: { viewport: { width: 1280, height: 900 } },
  phone: { viewport: { width: 360, height: 760 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 },
};

async function newPage(browser, baseURL, lang, view) {
  const context = await browser.newContext({ ...VIEWS[view], locale: lang === 'ar' ? 'ar-EG' : 'en-GB' });
  context.setDefaultTimeout(20_000);
  await context.addCookies([{ name: 'lang', value: lang, domain: new URL(baseURL).hostname, path: '/' }]);
  const page = await context.newPage();
  // However the visit goes, it never lands on a sign-in page.
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame() && /\/signin\b/.test(new URL(frame.url()).pathname)) page.signInSeen = frame.url();
  });
  return { context, page };
}

/** Nothing wider than the screen, no button whose words are cut. */
async function fits(page, where) {
  const problems = await page.evaluate(() => {
    const out = [];
    const overflow = document.documentElement.scrollWidth - window.innerWidth;
    if (overflow > 1) out.push(`page ${overflow}px wider than the screen`);
    for (const button of document.querySelectorAll('main button, main a.btn')) {
      const box = button.getBoundingClientRect();
      if (box.width === 0 || box.height === 0) continue;
      if (button.scrollWidth > button.clientWidth + 1) out.push(`"${button.textContent.trim()}" cut (${button.scrollWidth} > ${button.clientWidth})`);
    }
    return out;
  });
  assert.deepEqual(problems, [], `${where}: ${problems.join('; ')}`);
}

/**
 * The nth Cairo weekday from three weeks ahead (the demo's service hours close at weekends): a day of
 * its own for each run, past the days the other suites book from the first open one on, so the
 * quoted day still has a car when the visitor pays (a full day is a 409).
 */
function weekday(nth) {
  for (let days = 21, seen = 0; ; days += 1) {
    const day = cairoDate(days);
    const weekdayNumber = new Date(`${day}T12:00:00Z`).getUTCDay();
    if (weekdayNumber >= 1 && weekdayNumber <= 5 && seen++ === nth) return day;
  }
}

/** The visitor's half before the quote: from the program's page to the trip number. */
async function enquire(page, baseURL, lang, view, program, email, nth) {
  await page.goto(`${baseURL}/program/${encodeURIComponent(program.id)}`);
  await page.getByTestId('program-enquire').click();
  await page.waitForURL((url) => url.pathname === '/rates' && url.searchParams.get('program') === String(program.id));
  const form = page.getByTestId('enquiry-form');
  await form.waitFor();
  // The form says which program it is about (not the cart, not nothing).
  await form.getByTestId('enquiry-about').getByText(t(lang, 'enquiry.aboutProgram', { name: program.name })).waitFor();
  await form.getByLabel(t(lang, 'fields.rate'), { exact: true }).selectOption({ index: 1 });
  await form.getByLabel(t(lang, 'fields.firstName')).fill('Layla');
  await form.getByLabel(t(lang, 'fields.lastName')).fill('Hassan');
  await form.getByLabel(t(lang, 'fields.email'), { exact: true }).fill(email);
  await form.getByLabel(t(lang, 'fields.confirmEmail')).fill(email);
  await form.getByLabel(t(lang, 'fields.phoneWithKey')).fill('+20 100 123 4567');
  // A list of countries, as at checkout; the value sent is the region code.
  await form.getByLabel(t(lang, 'fields.country'), { exact: true }).selectOption('EG');
  // The day on the app's own picker (a Cairo day, labelled, in the page's digits), the time from a
  // list in the page's digits: no bare browser date or time box.
  assert.equal(await form.locator('input[type="date"], input[type="time"]').count(), 0, 'no bare browser date or time box');
  const day = weekday(nth);
  const shownDay = await pickDay(form, 'enquiry-date', day);
  assert.ok(shownDay.includes(t(lang, 'dayPicker.value', { day: '' }).trim()) && !/\d+\/\d+\/\d+/.test(shownDay), `the day reads ${shownDay}`);
  if (lang === 'ar') assert.ok(/[٠-٩]/.test(shownDay) && !/[0-9]/.test(shownDay), `the day in Arabic digits: ${shownDay}`);
  const time = form.getByTestId('enquiry-time');
  await time.selectOption('10:00');
  const timeLabel = await time.locator('option:checked').innerText();
  if (lang === 'ar') assert.ok(/[٠-٩]/.test(timeLabel) && !/[0-9]/.test(timeLabel), `the time in Arabic digits: ${timeLabel}`);
  const sent = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && /\/api\/.*enquir/.test(new URL(request.url()).pathname)) sent.push(request.postDataJSON());
  });
  page.enquirySent = { day, sent };
  // A group size the server refuses is named beside its field, in the page's language.
  await form.getByLabel(t(lang, 'enquiry.travellers')).fill('0');
  await form.getByLabel(t(lang, 'fields.comments')).fill(lang === 'ar' ? 'معنا طفلان' : 'Two children with us');
  await form.getByLabel(t(lang, 'enquiry.agree')).check();
  await form.getByRole('button', { name: t(lang, 'enquiry.submit') }).click();
  await form.getByText(t(lang, 'validation.travellers')).waitFor();
  await form.getByLabel(t(lang, 'enquiry.travellers')).fill('3');
  await form.getByRole('button', { name: t(lang, 'enquiry.submit') }).click();

  // No pickup point yet: the form says so before sending anything, with the way to choose one; then
  // the pickup selection and back to the form with all that was typed.
  await form.getByText(t(lang, 'enquiry.pickupForDate')).waitFor();
  assert.equal(sent.length, 0, 'an enquiry with a date and no pickup point was sent');
  await form.getByRole('button', { name: t(lang, 'enquiry.choosePickup') }).click();
  await page.waitForURL((url) => url.pathname === '/points');
  const selection = page.getByTestId('pickup-selection');
  await selection.getByLabel(t(lang, 'points.pickupAndReturn')).selectOption({ index: 1 });
  await selection.getByRole('button', { name: t(lang, 'points.useChoice') }).click();
  await page.waitForURL((url) => url.pathname === '/rates' && Boolean(url.searchParams.get('pickup')));
  await page.getByTestId('enquiry-pickup').waitFor();
  assert.equal(await form.getByLabel(t(lang, 'fields.email'), { exact: true }).inputValue(), email, 'what was typed is kept');
  if (view === 'phone') await fits(page, `${lang} phone enquiry form`);
  await shot(page, `${lang}-${view}-form`);
  await form.getByRole('button', { name: t(lang, 'enquiry.submit') }).click();

  const number = page.getByTestId('enquiry-trip-number');
  await number.waitFor();
  const trip = await number.getAttribute('data-number');
  // What was sent is the Cairo day picked and the time chosen, as the server reads them.
  const body = page.enquirySent.sent.at(-1);
  assert.ok(body && body.date === page.enquirySent.day && body.time === '10:00', `the enquiry sent ${JSON.stringify(body && { date: body.date, time: body.time })}`);
  assert.match(trip, /^MSH-[23456789A-HJKMNP-TV-Z]{6}$/, `trip number ${trip}`);
  await page.getByText(t(lang, 'enquiry.reviewTitle')).waitFor();
  if (view === 'phone') await fits(page, `${lang} phone confirmation`);
  await shot(page, `${lang}-${view}-sent`);
  return trip;
}

/** Staff quote the enquiry on the purchase orders screen, seeing it came from a visitor about a program. */
async function quote(browser, baseURL, lang, view, adminEmail, adminPassword, trip, programName) {
  const { context, page } = await newPage(browser, baseURL, lang, view);
  try {
    await apiJSON(await context.request.post(`${baseURL}/api/user/login`, { data: { email: adminEmail, password: adminPassword } }), 'staff sign in');
    await page.goto(`${baseURL}/admin/purchase_order`);
    await page.getByRole('tab', { name: t(lang, 'purchaseOrders.tabs.enquiries') }).click();
    const row = page.getByTestId(`enquiry-${trip}`);
    await row.waitFor();
    const kind = await row.getByTestId('enquiry-kind').innerText();
    assert.ok(kind.includes(t(lang, 'purchaseOrders.about.program')) && kind.includes(t(lang, 'purchaseOrders.guest')), `the staff see what it is: ${kind}`);
    // The program is named in the screen's language (the catalogue's name in that language).
    const rowText = await row.innerText();
    assert.ok(rowText.includes(programName), `the staff see the program as ${programName}: ${rowText}`);
    await row.getByLabel(t(lang, 'purchaseOrders.amount')).fill('1850');
    // The quote's day and time: the enquiry's, shown on the app's picker; staff move it a day on and
    // back (the day stays one the traveller can pay for) and choose the time from the list: that is
    // what is sent.
    assert.equal(await row.locator('input[type="date"], input[type="time"]').count(), 0, 'no bare browser date or time box');
    const asked = await row.getByTestId(`quote-date-${trip}`).getAttribute('data-value');
    assert.match(asked, /^\d{4}-\d{2}-\d{2}$/, `the quote starts from the enquiry's day: ${asked}`);
    // The next day the office is open (the picker refuses closed weekdays and holidays).
    const open = await quoteDays(row, `quote-date-${trip}`);
    const moved = open.find((day) => day > asked) ?? open.find((day) => day !== asked);
    const shown = await pickDay(row, `quote-date-${trip}`, moved);
    if (lang === 'ar') assert.ok(/[٠-٩]/.test(shown) && !/[0-9]/.test(shown), `the quote's day in Arabic digits: ${shown}`);
    await pickDay(row, `quote-date-${trip}`, asked);
    await row.getByTestId(`quote-time-${trip}`).selectOption('11:30');
    await row.getByTestId(`quote-time-${trip}`).selectOption('10:00');
    if (view === 'phone') await fits(page, `${lang} phone quote`);
    const quoted = page.waitForRequest((request) => request.method() === 'POST' && new URL(request.url()).pathname.includes(`/${trip}/quote`));
    await row.getByRole('button', { name: t(lang, 'purchaseOrders.sendQuote') }).click();
    const quoteBody = (await quoted).postDataJSON();
    assert.ok(quoteBody.date === asked && quoteBody.time === '10:00', `the quote sent ${JSON.stringify(quoteBody)}`);
    await page.getByText(t(lang, 'purchaseOrders.quoteSent')).first().waitFor();
  } finally {
    await context.close();
  }
}

/** The quote e-mail's link, as the outbox sends it to `email` (the admin mailbox hides its secret). */
async function quoteLink(sql, email, trip) {
  for (let i = 0; i < 60; i += 1) {
    const body = sql(`SELECT text_body FROM mail_outbox WHERE to_address = '${email.replace(/'/g, "''")}' AND dedupe_key LIKE '%:quote' ORDER BY created_at DESC LIMIT 1`);
    const found = body.match(/https?:\/\/[^\s]+\/enquiry\/(MSH-[0-9A-Z]+)\?key=([A-Za-z0-9_-]+)/);
    if (found) {
      assert.equal(found[1], trip, 'the link is for the enquiry');
      return new URL(found[0]);
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`no quote e-mail with a link to ${email}`);
}

/** The visitor pays from the link, without an account, and never meets a sign-in page. */
async function payFromLink(page, baseURL, lang, view, link, trip, programName) {
  // A forged link opens nothing, and says so.
  await page.goto(`${baseURL}/enquiry/${trip}?key=${'A'.repeat(43)}`);
  await page.getByText(t(lang, 'enquiryLink.badTitle')).waitFor();

  await page.goto(`${baseURL}${link.pathname}${link.search}`);
  const card = page.getByTestId('enquiry-link');
  await card.waitFor();
  assert.equal(await card.getAttribute('data-status'), 'quoted');
  const about = await card.locator('.enquiry-facts dd').first().innerText();
  assert.equal(about.trim(), programName, 'the enquiry page names the program in the page language');
  await page.getByText(t(lang, 'enquiryLink.status.quoted')).waitFor();
  await page.getByTestId('enquiry-quote-amount').waitFor();
  if (view === 'phone') await fits(page, `${lang} phone enquiry page`);
  await shot(page, `${lang}-${view}-quote`);
  await page.getByTestId('enquiry-pay').click();
  await page.waitForURL(/\/pay\/sandbox\//);
  assert.equal((await page.getByTestId('sandbox-trip').innerText()).trim(), trip);
  const charged = await page.getByTestId('sandbox-amount').innerText();
  assert.ok(latinDigits(charged).includes('1,850.00'), `the quoted price is charged: ${charged}`);
  await page.locator('#card_number').fill('4242 4242 4242 4242');
  await page.locator('#expiry').fill('12/39');
  await page.locator('#cvc').fill('123');
  await page.locator('button[name="pay"]').click();
  await page.waitForURL((url) => url.pathname === `/payments/${trip}` && url.searchParams.get('result') === 'success');
  await page.getByTestId('payment-success').waitFor();
  await shot(page, `${lang}-${view}-paid`);
  // The countdown goes on to the trip status, where the trip number is filled in.
  await page.waitForURL((url) => url.pathname === '/tripstatus' && url.searchParams.get('trip') === trip, { timeout: 15_000 });
  assert.equal(page.signInSeen, undefined, `a sign-in page was shown: ${page.signInSeen}`);
}

export async function run(ctx) {
  const { browser, baseURL, adminEmail, adminPassword, sql } = ctx;
  assert.ok(adminEmail && sql, 'the runner passes the demo admin and sql');
  for (const lang of ['en', 'ar']) {
    for (const view of ['desktop', 'phone']) {
      const started = Date.now();
      const { context, page } = await newPage(browser, baseURL, lang, view);
      try {
        const programs = await apiJSON(await context.request.get(`${baseURL}/api/programs?lang=${lang}`), 'programs');
        const program = (Array.isArray(programs) ? programs : programs.data)[0];
        const email = uniqueEmail(`e2e-enquiry-${lang}-${view}`);
        const trip = await enquire(page, baseURL, lang, view, program, email, ['en', 'ar'].indexOf(lang) * 2 + ['desktop', 'phone'].indexOf(view));
        await quote(browser, baseURL, lang, view, adminEmail, adminPassword, trip, program.name);
        await payFromLink(page, baseURL, lang, view, await quoteLink(sql, email, trip), trip, program.name);
      } catch (error) {
        await shot(page, `${lang}-${view}-failed`).catch(() => undefined);
        throw error;
      } finally {
        await context.close();
      }
      console.log(`ok   enquiry ${lang} ${view}: a visitor enquires about a program from its page, staff quote it, the visitor pays from the e-mail's link without an account (${Date.now() - started} ms)`);
    }
  }
}

/** The days the quote's picker offers (not blocked) in the month it opens on; the picker is left closed. */
async function quoteDays(scope, testId) {
  await scope.getByTestId(testId).click();
  const grid = scope.getByTestId(`${testId}-grid`);
  await grid.waitFor();
  const days = await grid.locator('[data-date]:not([disabled])').evaluateAll((els) => els.map((el) => el.getAttribute('data-date')));
  await scope.getByTestId(testId).click();
  await grid.waitFor({ state: 'detached' });
  return days;
}
