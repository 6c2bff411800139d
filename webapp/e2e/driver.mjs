// Browser test of the driver's own screens on a phone (360 px), in English and Arabic, against the real
// server: a traveller books on the checkout screen with comments and a group size, and pays on the
// sandbox; the admin links a driver's account and assigns the trip (the dispatch suite covers the board's screens),
// then the driver
//   → signs in on /signin, or from the phone's sign-in panel on the home page, and lands on their
//     trips (/driver), not the home page; a sign-in that asked for a page (?redirect=) still goes there;
//   → finds "My trips" in the account menu of the phone's tab bar;
//   → reads on the trip the traveller's comments, the group size, the class of car booked and the
//     pickup time labelled as Cairo time; the screen fits 360 px and no button text is clipped;
//   → sees the next step's button on the first screen, in a layout of its own (no shop around it).
// Exported as `run(ctx)` for the shared runner (ctx: { browser, baseURL, adminEmail, adminPassword, addUser }).

import assert from 'node:assert/strict';

import { chooseOpenDay, register, screenshotter, t, uniqueEmail } from './helpers.mjs';

const shot = screenshotter('driver');
const PHONE = { viewport: { width: 360, height: 760 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 };
const COMMENTS = 'Two children: please bring a child seat.';
const TRAVELLERS = 3;

async function json(res, what) {
  const body = await res.text();
  assert.ok(res.ok(), `${what}: ${res.status()} ${body}`);
  return JSON.parse(body);
}

/**
 * A paid order for two demo destinations, booked through the checkout screen with comments and a
 * group size (the cart is filled through the API, as the orders suite covers its screens); returns
 * its trip number, day and rate plan.
 */
async function paidOrder(browser, baseURL, email) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, locale: 'en-GB' });
  context.setDefaultTimeout(20_000);
  await context.addCookies([{ name: 'lang', value: 'en', domain: new URL(baseURL).hostname, path: '/' }]);
  try {
    const api = context.request;
    await json(await register(api, baseURL, { first_name: 'Salma', last_name: 'Nabil', email, password: 'driver-e2e-traveller', phone_number: '+201001234567' }), 'register');
    const destinations = (await json(await api.get(`${baseURL}/api/destinations`), 'destinations')).data;
    for (const d of destinations.slice(0, 2)) await json(await api.post(`${baseURL}/api/auth/cart`, { data: { destination_id: d.id } }), 'add to cart');
    const pickup = (await json(await api.get(`${baseURL}/api/pickup-points`), 'pickup points')).data[0];
    await json(await api.put(`${baseURL}/api/auth/cart/points`, { data: { start: { pickup_point_id: pickup.id }, same_end: true } }), 'points');
    const rates = (await json(await api.get(`${baseURL}/api/rates`), 'rates')).data;

    const page = await context.newPage();
    await page.goto(`${baseURL}/checkout`);
    const form = page.getByTestId('checkout-form');
    await form.waitFor();
    const rateSelect = form.getByLabel(t('en', 'fields.rate'), { exact: true });
    await rateSelect.selectOption({ index: 1 });
    const rateID = await rateSelect.inputValue();
    const day = await chooseOpenDay(page, 'en');
    const time = form.getByLabel(t('en', 'checkout.timeCairo'), { exact: true });
    await time.locator('option').nth(1).waitFor({ state: 'attached' });
    await time.selectOption({ index: 1 });
    await form.getByLabel(t('en', 'fields.firstName')).fill('Salma');
    await form.getByLabel(t('en', 'fields.lastName')).fill('Nabil');
    await form.getByLabel(t('en', 'fields.email'), { exact: true }).fill(email);
    await form.getByLabel(t('en', 'fields.confirmEmail')).fill(email);
    await form.getByLabel(t('en', 'fields.phoneWithKey')).fill('1001234567');
    await form.getByLabel(t('en', 'fields.travellers')).selectOption(String(TRAVELLERS));
    await form.getByLabel(t('en', 'fields.comments')).fill(COMMENTS);
    await form.getByLabel(t('en', 'enquiry.agree')).check();
    await page.getByRole('button', { name: t('en', 'checkout.submit') }).click();
    await page.waitForURL(/\/pay\/sandbox\//);
    const trip = (await page.getByTestId('sandbox-trip').innerText()).trim();
    await page.locator('#card_number').fill('4242 4242 4242 4242');
    await page.locator('#expiry').fill('12/39');
    await page.locator('#cvc').fill('123');
    await page.locator('button[name="pay"]').click();
    await page.waitForURL(/result=success/);
    return { trip, day, rate: rates.find((r) => r.id === rateID) };
  } finally {
    await context.close();
  }
}

/** The admin links the driver's account to a driver working that day and gives them the trip. */
async function assign(browser, baseURL, adminEmail, adminPassword, driverEmail, trip, day) {
  const context = await browser.newContext();
  try {
    const api = context.request;
    await json(await api.post(`${baseURL}/api/user/login`, { data: { email: adminEmail, password: adminPassword } }), 'admin sign-in');
    const board = await json(await api.get(`${baseURL}/api/admin/trips?date=${day}`), 'board');
    const chosen = board.drivers.find((d) => d.works_that_day && !d.account_email);
    assert.ok(chosen, `no free driver works on ${day}`);
    await json(await api.put(`${baseURL}/api/admin/drivers/${chosen.id}/account`, { data: { email: driverEmail } }), 'link account');
    await json(await api.post(`${baseURL}/api/admin/trips/${trip}/driver`, { data: { driver_id: chosen.id } }), 'assign');
  } finally {
    await context.close();
  }
}

async function noHorizontalScroll(page, where) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  assert.ok(overflow <= 1, `${where}: the page is ${overflow}px wider than 360 px`);
}

/** No button or link-button on the page cuts its own text off. */
async function noClippedButtons(page, where) {
  const clipped = await page.evaluate(() =>
    [...document.querySelectorAll('main button, main a.button')]
      .filter((el) => el.offsetParent !== null && (el.scrollWidth > el.clientWidth + 1 || el.scrollHeight > el.clientHeight + 1))
      .map((el) => el.textContent.trim()),
  );
  assert.deepEqual(clipped, [], `${where}: clipped button text`);
}

/** The plural the app uses for n travellers (i18next's rules: Intl.PluralRules of the language). */
function travellersText(lang, n) {
  const form = new Intl.PluralRules(lang).select(n);
  const digits = new Intl.NumberFormat(lang === 'ar' ? 'ar-EG' : 'en-GB').format(n);
  const en = { one: `${digits} traveller`, other: `${digits} travellers` };
  const ar = { one: 'مسافر واحد', two: 'مسافران', few: `${digits} مسافرين`, many: `${digits} مسافرًا`, other: `${digits} مسافر` };
  return (lang === 'ar' ? ar : en)[form] ?? (lang === 'ar' ? ar : en).other;
}

export async function run({ browser, baseURL, adminEmail, adminPassword, addUser }) {
  assert.ok(adminEmail && addUser, 'the runner passes the demo admin and addUser');
  const driverEmail = uniqueEmail('e2e-driver-own');
  const password = 'driver-own-e2e-pass';
  addUser(driverEmail, password, 'driver');
  const { trip, day, rate } = await paidOrder(browser, baseURL, uniqueEmail('e2e-driver-traveller'));
  await assign(browser, baseURL, adminEmail, adminPassword, driverEmail, trip, day);

  for (const lang of ['en', 'ar']) {
    const context = await browser.newContext({ ...PHONE, locale: lang === 'ar' ? 'ar-EG' : 'en-GB', timezoneId: 'America/New_York' });
    context.setDefaultTimeout(20_000);
    await context.addCookies([{ name: 'lang', value: lang, domain: new URL(baseURL).hostname, path: '/' }]);
    const errors = [];
    try {
      const page = await context.newPage();
      page.on('pageerror', (err) => errors.push(String(err)));

      // Sign-in with nothing asked for: the driver lands on their trips.
      await page.goto(`${baseURL}/signin`);
      await page.getByLabel(t(lang, 'fields.email')).fill(driverEmail);
      await page.getByLabel(t(lang, 'fields.password'), { exact: true }).fill(password);
      await page.locator('main').getByRole('button', { name: t(lang, 'auth.signInAction') }).click();
      await page.waitForURL(`${baseURL}/driver`);
      await page.getByRole('heading', { level: 1, name: t(lang, 'auth.myTrips') }).waitFor();

      // The trip: comments, group size, class of car, and the time on Cairo's clock, labelled.
      const card = page.getByTestId(`driver-trip-${trip}`);
      await card.waitFor();
      assert.equal((await card.getByTestId('trip-comments').innerText()).includes(COMMENTS), true, `${lang}: no comments on the trip`);
      assert.equal(await card.getByTestId('trip-travellers').innerText(), travellersText(lang, TRAVELLERS), `${lang}: group size`);
      const carClass = await card.getByTestId('trip-class').innerText();
      const planName = rate.name[lang] || rate.name.en;
      assert.ok(carClass.includes(planName), `${lang}: car class "${carClass}" lacks ${planName}`);
      // The browser is in New York: the pickup still reads 10:00 on Cairo's clock, and says so.
      const startAt = (await json(await page.request.get(`${baseURL}/api/driver/trips`), 'driver trips')).data.find((x) => x.order_id === trip).start_at;
      const time = await card.getByTestId('trip-time').textContent();
      const tenInCairo = new Intl.DateTimeFormat(lang === 'ar' ? 'ar-EG' : 'en-GB', { hour: 'numeric', minute: '2-digit', timeZone: 'Africa/Cairo' })
        .formatToParts(new Date(startAt))
        .filter((part) => part.type === 'hour' || part.type === 'minute')
        .map((part) => part.value);
      assert.ok(time.includes(lang === 'ar' ? 'بتوقيت القاهرة' : 'Cairo time'), `${lang}: the time "${time}" does not say it is Cairo time`);
      assert.ok(time.includes(tenInCairo.join(':')), `${lang}: the time "${time}" is not ${tenInCairo.join(':')} on Cairo's clock`);
      assert.ok((await card.innerText()).includes('+20'), `${lang}: the traveller's phone is missing`);
      // The driver reads the trip as theirs, not the traveller's "Driver assigned".
      assert.ok((await card.innerText()).includes(lang === 'ar' ? 'مسندة إليك' : 'Assigned to you'), `${lang}: the trip does not say it is the driver's`);
      await noHorizontalScroll(page, `${lang} /driver`);
      await noClippedButtons(page, `${lang} /driver`);
      await shot(page, `${lang}-phone-trips`);

      // The driver's own layout: the next step's button is on the first screen, with nothing of the
      // shop (tab bar, cart, footer) around it; the bar keeps the bell, the language and the account.
      const button = await card.getByTestId('next-step').boundingBox();
      assert.ok(button && button.y + button.height <= PHONE.viewport.height, `${lang}: the next step's button is below the first screen (${button && button.y + button.height}px)`);
      assert.equal(await page.locator('.tabbar, .site-footer, #cart-drawer').count(), 0, `${lang}: the shop's layout around the driver's trips`);
      // On a phone the bar's panels are sheets over the page (modal dialogs), as the traveller's are.
      for (const id of ['login', 'notifications', 'languages']) {
        const toggle = page.locator(`#panel-toggle-phone-${id}`);
        await toggle.click();
        const sheet = page.locator(`#panel-phone-${id}[role="dialog"][aria-modal="true"]`);
        await sheet.waitFor();
        if (id === 'login') await sheet.getByRole('button', { name: t(lang, 'auth.signOut') }).waitFor();
        const box = await sheet.boundingBox();
        assert.ok(box && box.x >= 0 && box.x + box.width <= PHONE.viewport.width + 1, `${lang}: the ${id} sheet is wider than 360 px`);
        assert.ok(await page.locator('main').evaluate((main) => main.closest('[inert]') !== null), `${lang}: the trips behind the ${id} sheet are not inert`);
        await noHorizontalScroll(page, `${lang} /driver ${id} sheet`);
        await noClippedButtons(page, `${lang} /driver ${id} sheet`);
        await shot(page, `${lang}-phone-driver-${id}`);
        await page.keyboard.press('Escape');
        await sheet.waitFor({ state: 'detached' });
        assert.ok(await toggle.evaluate((el) => el === document.activeElement), `${lang}: the focus did not go back to the ${id} button`);
      }

      // The account menu of the phone's tab bar offers "My trips".
      await page.goto(`${baseURL}/`);
      await page.locator('.tabbar').getByRole('button', { name: t(lang, 'nav.tabs.account') }).click();
      const myTrips = page.getByRole('link', { name: t(lang, 'auth.myTrips') });
      await myTrips.waitFor();
      await noHorizontalScroll(page, `${lang} account menu`);
      await shot(page, `${lang}-phone-menu`);
      await myTrips.click();
      await page.waitForURL(`${baseURL}/driver`);
      await card.waitFor();

      assert.deepEqual(errors, [], `${lang}: script errors`);
    } finally {
      await context.close();
    }

    // A sign-in that asked for a page goes there, driver or not.
    const asked = await browser.newContext({ ...PHONE, locale: lang === 'ar' ? 'ar-EG' : 'en-GB' });
    asked.setDefaultTimeout(20_000);
    await asked.addCookies([{ name: 'lang', value: lang, domain: new URL(baseURL).hostname, path: '/' }]);
    try {
      const page = await asked.newPage();
      await page.goto(`${baseURL}/signin?redirect=${encodeURIComponent('/account')}`);
      await page.getByLabel(t(lang, 'fields.email')).fill(driverEmail);
      await page.getByLabel(t(lang, 'fields.password'), { exact: true }).fill(password);
      await page.locator('main').getByRole('button', { name: t(lang, 'auth.signInAction') }).click();
      await page.waitForURL(`${baseURL}/account`);
    } finally {
      await asked.close();
    }

    // Signing in from the phone's tab bar (the header's sign-in panel) on the home page: to the trips too.
    const panel = await browser.newContext({ ...PHONE, locale: lang === 'ar' ? 'ar-EG' : 'en-GB' });
    panel.setDefaultTimeout(20_000);
    await panel.addCookies([{ name: 'lang', value: lang, domain: new URL(baseURL).hostname, path: '/' }]);
    try {
      const page = await panel.newPage();
      await page.goto(`${baseURL}/`);
      await page.locator('.tabbar').getByRole('button', { name: t(lang, 'nav.tabs.signIn') }).click();
      const form = page.locator('#panel-phone-login form');
      await form.getByLabel(t(lang, 'fields.email')).fill(driverEmail);
      await form.getByLabel(t(lang, 'fields.password'), { exact: true }).fill(password);
      await form.getByRole('button', { name: t(lang, 'auth.signInAction') }).click();
      await page.waitForURL(`${baseURL}/driver`);
      await page.getByTestId(`driver-trip-${trip}`).waitFor();
    } finally {
      await panel.close();
    }
  }
}
