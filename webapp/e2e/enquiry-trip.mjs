// Browser test of a signed-in traveller's enquiry about the trip in their cart, against the real server,
// in English and Arabic, on a desktop and a 360 px phone: the form is pre-filled from the account as
// checkout is (phone with its country key, country from a list); an empty cart (as after paying an
// order) is said before sending, with a link to add destinations, and sending is refused on screen —
// never silently; with two stops the trip is listed and the enquiry is sent.
// Usage: MISHWAR_BIN=../bin/mishwar CHROMIUM=/usr/bin/chromium node e2e/enquiry-trip.mjs
// Exported as `run(ctx)` for the shared runner (E2E_FILTER=enquiry-trip).

import assert from 'node:assert/strict';

import { apiJSON, fitsTheScreen, runAlone, screenshotter, signedInContext, t, VIEWS } from './helpers.mjs';

const shot = screenshotter('enquiry-trip');
// The form alone, where the trip and the messages are (the full page is mostly the rate cards).
const formShot = (page, name) => page.getByTestId('enquiry-form').screenshot({ path: new URL(`../test-output/screenshots/enquiry-trip-${name}-form.png`, import.meta.url).pathname });

async function tripEnquiry({ browser, baseURL }, lang, view) {
  const { context, email } = await signedInContext(browser, baseURL, lang, {
    emailPrefix: `e2e-enquiry-trip-${lang}-${view}`, firstName: 'Salma', lastName: 'Nabil', password: 'enquiry-trip-pass', contextOptions: VIEWS[view],
  });
  let page;
  try {
    page = await context.newPage();
    page.setDefaultTimeout(20_000);
    await page.goto(`${baseURL}/rates`);
    const form = page.getByTestId('enquiry-form');
    await form.waitFor();

    // Pre-filled as checkout is.
    const first = form.getByLabel(t(lang, 'fields.firstName'));
    await page.waitForFunction((el) => el.value === 'Salma', await first.elementHandle());
    assert.equal(await form.getByLabel(t(lang, 'fields.email'), { exact: true }).inputValue(), email);
    assert.equal(await form.getByLabel(t(lang, 'fields.confirmEmail')).inputValue(), email);
    assert.equal(await form.getByLabel(t(lang, 'fields.countryKey'), { exact: true }).inputValue(), 'EG');
    assert.ok((await form.getByLabel(t(lang, 'fields.phoneWithKey')).inputValue()).replace(/\D/g, '').endsWith('1001234567'), 'the phone is pre-filled');
    assert.equal(await form.getByLabel(t(lang, 'fields.country'), { exact: true }).evaluate((el) => el.tagName), 'SELECT');

    // An empty cart: said before sending, with the link to add destinations.
    const trip = form.getByTestId('enquiry-trip');
    await trip.getByText(t(lang, 'enquiry.tripNeedsTwo')).waitFor();
    assert.equal(await trip.getByRole('link', { name: t(lang, 'enquiry.addDestinations') }).getAttribute('href'), '/destinations');
    await form.getByLabel(t(lang, 'fields.rate'), { exact: true }).selectOption({ index: 1 });
    await form.getByLabel(t(lang, 'enquiry.agree')).check();
    let posted = 0;
    page.on('request', (request) => {
      if (request.method() === 'POST' && new URL(request.url()).pathname === '/api/enquiries') posted += 1;
    });
    await form.getByRole('button', { name: t(lang, 'enquiry.submit') }).click();
    await trip.getByRole('alert').getByText(t(lang, 'enquiry.tripNeedsTwo')).waitFor();
    assert.equal(posted, 0, 'nothing is sent for a trip of fewer than two stops');
    await fitsTheScreen(page, `enquiry-trip ${lang} ${view} empty`, { lang });
    await shot(page, `${lang}-${view}-empty`);
    await formShot(page, `${lang}-${view}-empty`);

    // Two stops (added elsewhere, pushed live or read on return): listed, and the enquiry goes.
    const destinations = (await apiJSON(await context.request.get(`${baseURL}/api/destinations`), 'destinations')).data.slice(0, 2);
    for (const d of destinations) await apiJSON(await context.request.post(`${baseURL}/api/auth/cart`, { data: { destination_id: d.id } }), 'add to cart');
    const pickup = (await apiJSON(await context.request.get(`${baseURL}/api/pickup-points`), 'pickup points')).data[0];
    await apiJSON(await context.request.put(`${baseURL}/api/auth/cart/points`, { data: { start: { pickup_point_id: pickup.id }, same_end: true } }), 'points');
    await page.reload();
    await form.waitFor();
    await page.waitForFunction(() => document.querySelectorAll('[data-testid="enquiry-trip"] li').length === 2);
    assert.equal(await trip.getByText(t(lang, 'enquiry.tripNeedsTwo')).count(), 0);
    await form.getByLabel(t(lang, 'fields.rate'), { exact: true }).selectOption({ index: 1 });
    await form.getByLabel(t(lang, 'enquiry.agree')).check();
    await fitsTheScreen(page, `enquiry-trip ${lang} ${view} two stops`, { lang });
    await shot(page, `${lang}-${view}-two-stops`);
    await formShot(page, `${lang}-${view}-two-stops`);
    await form.getByRole('button', { name: t(lang, 'enquiry.submit') }).click();
    await page.getByTestId('enquiry-confirmation').waitFor();
    assert.match(await page.getByTestId('enquiry-trip-number').innerText(), /MSH-/, 'the trip number is shown');
    await shot(page, `${lang}-${view}-sent`);
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
      await tripEnquiry(ctx, lang, view);
      console.log(`ok   enquiry-trip ${lang} ${view}: pre-filled as checkout; an empty trip said before sending with a link, nothing sent; two stops listed and sent (${Date.now() - started} ms)`);
    }
  }
}

await runAlone(import.meta.url, 'enquiry-trip', run);
