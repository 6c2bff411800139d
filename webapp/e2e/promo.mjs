// Browser test of promo codes against the real server (the binary with the web app embedded, its own
// PostgreSQL, the demo catalogue, the sandbox payment provider) in Chromium, in English and Arabic,
// on a desktop and a 360 px phone:
//   staff publish an offer behind a public code (one that has expired, and one whose code is handed
//   out privately) → a visitor sees the offer on the home page with its dates on Cairo's calendar and
//   its code, copies it → builds a trip → at checkout the expired code says so → the code read from
//   the home page shows the price, the discount and what is left to pay → the
//   sandbox asks for that amount → paid, the order records it.
// Usage: MISHWAR_BIN=../bin/mishwar CHROMIUM=/usr/bin/chromium node e2e/promo.mjs
// Exported as `run(ctx)` for the shared runner (ctx: { browser, baseURL, adminEmail, adminPassword }).

import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';

import { apiJSON, cairoDate, chooseOpenDay, latinDigits, runAlone, screenshotter, signedInContext, t } from './helpers.mjs';

const shot = screenshotter('promo');

const VIEWS = {
  desktop: { viewport: { width: 1280, height: 900 }, permissions: ['clipboard-read', 'clipboard-write'] },
  phone: { viewport: { width: 360, height: 760 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2, permissions: ['clipboard-read', 'clipboard-write'] },
};

// The server's words (internal/i18n, catalog_promo.go).
const EXPIRED = { en: 'This promo code has expired.', ar: 'انتهت صلاحية رمز الخصم هذا.' };

/** A Cairo calendar day as the offers section writes it. */
const calendarDay = (day, lang) =>
  new Intl.DateTimeFormat(lang === 'ar' ? 'ar-EG' : 'en-GB', { dateStyle: 'medium', timeZone: 'Africa/Cairo' }).format(new Date(`${day}T12:00:00Z`));

/**
 * Staff publish three offers through the admin API: one valid for a month with a public code, one
 * that ended yesterday, and one valid whose code is handed out privately (not advertised).
 */
async function publishOffers({ browser, baseURL, adminEmail, adminPassword }) {
  const context = await browser.newContext();
  try {
    const login = await apiJSON(await context.request.post(`${baseURL}/api/user/login`, { data: { email: adminEmail, password: adminPassword } }), 'admin login');
    const stamp = Date.now().toString(36).toUpperCase();
    const create = async (fields) =>
      apiJSON(
        await context.request.post(`${baseURL}/api/admin/offers`, {
          headers: { Authorization: `Bearer ${login.data.token}`, 'Idempotency-Key': randomUUID() },
          data: { kind: 'percent', percent_basis_points: 1000, applies_to: 'all', active: true, limit_per_customer: 1, limit_total: 0, ...fields },
        }),
        `create offer ${fields.promo_code}`,
      );
    const live = {
      code: `NILE${stamp}`,
      from: cairoDate(-1),
      until: cairoDate(30),
      title: { en: `Nile days ${stamp}: 10% off`, ar: `أيام النيل ${stamp}: خصم ١٠٪` },
    };
    await create({ title: live.title, description: { en: 'On any trip.', ar: 'على أي رحلة.' }, promo_code: live.code, valid_from: live.from, valid_until: live.until });
    const expired = `OLD${stamp}`;
    await create({ title: { en: `Summer ${stamp}`, ar: `صيف ${stamp}` }, promo_code: expired, valid_from: cairoDate(-60), valid_until: cairoDate(-1) });
    const hidden = { code: `GUIDES${stamp}`, title: { en: `Guides ${stamp}`, ar: `المرشدون ${stamp}` } };
    await create({ title: hidden.title, promo_code: hidden.code, code_private: true, valid_from: cairoDate(-1), valid_until: cairoDate(30) });
    return { live, expired, hidden };
  } finally {
    await context.close();
  }
}

/** Two demo destinations in the traveller's trip, starting and ending at the first pickup point. */
async function fillTrip(api, baseURL) {
  const destinations = (await apiJSON(await api.get(`${baseURL}/api/destinations`), 'destinations')).data;
  for (const d of destinations.slice(0, 2)) await apiJSON(await api.post(`${baseURL}/api/auth/cart`, { data: { destination_id: d.id } }), 'add to cart');
  const pickup = (await apiJSON(await api.get(`${baseURL}/api/pickup-points`), 'pickup points')).data[0];
  await apiJSON(await api.put(`${baseURL}/api/auth/cart/points`, { data: { start: { pickup_point_id: pickup.id }, same_end: true } }), 'points');
}

/** Nothing sticks out sideways of the screen. */
async function fitsTheScreen(page, what) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  assert.ok(overflow <= 0, `${what}: the page is ${overflow} px wider than the screen`);
}

/** Chooses the rate plan, a day from two days ahead (Cairo) and the first pickup time offered. */
async function chooseStart(page, lang) {
  await page.getByLabel(t(lang, 'fields.rate'), { exact: true }).selectOption({ index: 1 });
  const day = await chooseOpenDay(page, lang);
  const time = page.getByLabel(t(lang, 'checkout.timeCairo'), { exact: true });
  await time.locator('option').nth(1).waitFor({ state: 'attached' });
  await time.selectOption({ index: 1 });
  return { date: day, time: await time.inputValue() };
}

async function applyCode(page, code) {
  await page.getByTestId('promo-input').fill(code);
  await page.getByTestId('promo-apply').click();
}

// Each journey is another traveller: a code's per-customer limit counts the order's phone and e-mail as well
// as the account, so each has a phone of its own.
async function journey(ctx, offers, lang, view, phone) {
  const { browser, baseURL } = ctx;
  const { context, email } = await signedInContext(browser, baseURL, lang, {
    emailPrefix: `e2e-promo-${view}`, firstName: 'Laila', lastName: 'Fawzy', password: 'promo-e2e-pass', contextOptions: VIEWS[view],
  });
  try {
    const page = await context.newPage();
    page.setDefaultTimeout(20_000);

    // The offer is on the home page, in the page's language, with its dates on Cairo's calendar.
    await page.goto(`${baseURL}/`);
    const card = page.getByTestId('offer').filter({ hasText: offers.live.title[lang] });
    await card.waitFor();
    const dates = (await card.getByTestId('offer-dates').innerText()).trim();
    assert.equal(dates, t(lang, 'offers.dates', { from: calendarDay(offers.live.from, lang), until: calendarDay(offers.live.until, lang) }));
    assert.equal(await page.getByTestId('offer').filter({ hasText: offers.expired }).count(), 0, 'an expired offer is not shown');
    assert.equal(await page.getByTestId('offer').filter({ hasText: offers.hidden.title[lang] }).count(), 0, 'an offer whose code is handed out privately is not shown');
    assert.equal(await page.getByText(offers.hidden.code).count(), 0, 'a privately handed-out code is not published');
    // Its code is on the card, left to right in both languages, with a button that copies it.
    const code = (await card.getByTestId('offer-code').innerText()).trim();
    assert.equal(code, offers.live.code);
    assert.equal(await card.getByTestId('offer-code').getAttribute('dir'), 'ltr');
    await card.getByText(t(lang, 'offers.typeAtCheckout')).waitFor();
    await card.getByRole('button', { name: t(lang, 'offers.copy') }).click();
    await card.getByRole('button', { name: t(lang, 'offers.copied') }).waitFor();
    await card.scrollIntoViewIfNeeded();
    await fitsTheScreen(page, 'home page');
    await shot(page, `${lang}-${view}-home`);

    await fillTrip(context.request, baseURL);
    await page.goto(`${baseURL}/checkout`);
    await page.getByTestId('checkout-form').waitFor();
    await page.getByTestId('route-point-start-chosen').waitFor();
    const start = await chooseStart(page, lang);

    // An expired code says so, in the page's language, and shows no discount.
    await applyCode(page, offers.expired.toLowerCase());
    await page.getByTestId('promo-error').filter({ hasText: EXPIRED[lang] }).waitFor();
    assert.equal(await page.getByTestId('promo-lines').count(), 0);
    await shot(page, `${lang}-${view}-expired`);

    // The code read from the home page: the price, what it takes off and what is left to pay, before paying.
    await applyCode(page, code);
    await page.getByTestId('promo-lines').waitFor();
    assert.equal(await page.getByTestId('promo-error').count(), 0);
    const quote = (
      await apiJSON(
        await context.request.get(`${baseURL}/api/orders/promo?${new URLSearchParams({ code: offers.live.code, rate_plan_id: await page.getByLabel(t(lang, 'fields.rate'), { exact: true }).inputValue(), ...start })}`),
        'promo quote',
      )
    ).data;
    const egp = (minor) => new Intl.NumberFormat(lang === 'ar' ? 'ar-EG' : 'en-GB', { style: 'currency', currency: 'EGP', maximumFractionDigits: minor % 100 === 0 ? 0 : 2 }).format(minor / 100);
    assert.equal(quote.amount_off.minor * 10, quote.price_before.minor, 'ten percent off');
    assert.equal((await page.getByTestId('promo-before').innerText()).trim(), egp(quote.price_before.minor));
    assert.equal((await page.getByTestId('promo-off').innerText()).trim(), `−${egp(quote.amount_off.minor)}`);
    assert.equal((await page.getByTestId('promo-after').innerText()).trim(), egp(quote.price_after.minor));
    await page.getByTestId('promo-lines').scrollIntoViewIfNeeded();
    await fitsTheScreen(page, 'checkout with the discount');
    await shot(page, `${lang}-${view}-discount`);

    await page.getByLabel(t(lang, 'fields.firstName')).fill('Laila');
    await page.getByLabel(t(lang, 'fields.lastName')).fill('Fawzy');
    await page.getByLabel(t(lang, 'fields.email'), { exact: true }).fill(email);
    await page.getByLabel(t(lang, 'fields.confirmEmail')).fill(email);
    await page.getByLabel(t(lang, 'fields.phoneWithKey')).fill(phone);
    await page.getByLabel(t(lang, 'enquiry.agree')).check();
    await page.getByRole('button', { name: t(lang, 'checkout.submit') }).click();

    // The sandbox asks for the price after the discount, and the order is paid at it.
    await page.waitForURL(/\/pay\/sandbox\//);
    const trip = (await page.getByTestId('sandbox-trip').innerText()).trim();
    const asked = await page.getByTestId('sandbox-amount').innerText();
    assert.ok(latinDigits(asked).replace(/,/g, '').includes((quote.price_after.minor / 100).toFixed(2)), `the sandbox asks for the discounted price: ${asked}`);
    await page.locator('#card_number').fill('4242 4242 4242 4242');
    await page.locator('#expiry').fill('12/39');
    await page.locator('#cvc').fill('123');
    await page.locator('button[name="pay"]').click();
    await page.waitForURL(new RegExp(`/payments/${trip}\\?result=success`));
    const order = (await apiJSON(await context.request.get(`${baseURL}/api/orders/${trip}`), 'order')).data;
    assert.equal(order.status, 'confirmed');
    assert.equal(order.paid.minor, quote.price_after.minor, 'paid the discounted amount');
    assert.equal(order.promo?.code, offers.live.code);

    // The order's page keeps the discount: the price before it, the code's line and the total paid.
    await page.goto(`${baseURL}/account/order/${trip}`);
    await page.getByTestId('order-promo').waitFor();
    assert.equal((await page.getByTestId('order-promo').innerText()).trim(), `−${egp(quote.amount_off.minor)}`);
    await page.getByText(t(lang, 'orders.promoLine', { code: `\u2068${offers.live.code}\u2069` }), { exact: true }).waitFor();
    assert.equal((await page.getByTestId('order-total').locator('.price').first().innerText()).trim().split('≈')[0].trim(), egp(quote.price_after.minor));
    await fitsTheScreen(page, 'order page with the discount');
    await shot(page, `${lang}-${view}-order`);
  } finally {
    await context.close();
  }
}

export async function run(ctx) {
  if (!ctx.adminEmail) throw new Error('promo: the suite needs the admin account to publish offers');
  const offers = await publishOffers(ctx);
  let traveller = 0;
  for (const lang of ['en', 'ar']) {
    for (const view of ['desktop', 'phone']) {
      const started = Date.now();
      traveller += 1;
      await journey(ctx, offers, lang, view, `100123456${traveller}`);
      console.log(`ok   promo ${lang} ${view}: offer on the home page, expired code refused, discount shown and paid (${Date.now() - started} ms)`);
    }
  }
}

await runAlone(import.meta.url, 'promo', run);
