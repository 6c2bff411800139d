// Browser test of the live order page and the bell against the real server, in English and Arabic, on a
// desktop and a 360 px phone: a traveller (one per language, signed in on both a desktop and a phone)
// has their paid order's page open; staff link a driver's account and assign the driver; on the trip's
// day (a second `mishwar serve` of the fakeclock build on the same database, its clock at 09:00 Cairo)
// the driver moves the trip on step by step. Without a reload, both pages show the driver, car, plate
// and class, every step and the order's completion, and the bell's unread count grows; the list shows
// Cairo-time labelled times in the page's language, and "mark all read" clears the count on both
// devices. No page scrolls sideways.
// Exported as `run(ctx)` for the shared runner.

import assert from 'node:assert/strict';

import { apiJSON, placeOrderThroughAPI, screenshotter, signedInContext } from './helpers.mjs';

const shot = screenshotter('live-order');
const PASSWORD = 'live-order-e2e-pass';
const VIEWS = {
  desktop: { viewport: { width: 1280, height: 900 } },
  phone: { viewport: { width: 360, height: 760 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 },
};
// The bell's own strings (webapp/src/features/notifications/components/messages.ts).
const BELL = {
  en: { cairo: '(Cairo time)', completed: 'Trip completed. Thank you for travelling with Mishwar!', markAll: 'Mark all read' },
  ar: { cairo: '(بتوقيت القاهرة)', completed: 'اكتملت الرحلة. شكرًا لسفرك مع مشوار!', markAll: 'تعليم الكل كمقروء' },
};

/** 09:00 on `day` in Cairo as RFC 3339, with Cairo's offset that day. */
function nineInCairo(day) {
  const offset = new Intl.DateTimeFormat('en', { timeZone: 'Africa/Cairo', timeZoneName: 'longOffset' })
    .formatToParts(new Date(`${day}T12:00:00Z`))
    .find((part) => part.type === 'timeZoneName')
    .value.replace('GMT', '');
  return `${day}T09:00:00${offset || '+00:00'}`;
}

async function signIn(browser, baseURL, lang, email, password, view = 'desktop') {
  const context = await browser.newContext({ ...VIEWS[view], locale: lang === 'ar' ? 'ar-EG' : 'en-GB' });
  await context.addCookies([{ name: 'lang', value: lang, domain: new URL(baseURL).hostname, path: '/' }]);
  await apiJSON(await context.request.post(`${baseURL}/api/user/login`, { data: { email, password } }), `sign in ${email}`);
  return context;
}

/** A traveller in lang with a paid order, signed in on a desktop and a phone. */
async function traveller(browser, baseURL, lang) {
  const { context: desktop, email } = await signedInContext(browser, baseURL, lang, { emailPrefix: `e2e-live-${lang}`, firstName: 'Salma', lastName: 'Nabil', password: PASSWORD });
  const placed = await placeOrderThroughAPI(desktop.request, baseURL, email);
  const pay = await desktop.newPage();
  await pay.goto(placed.payment_url);
  await pay.locator('#card_number').fill('4242 4242 4242 4242');
  await pay.locator('#expiry').fill('12/39');
  await pay.locator('#cvc').fill('123');
  await pay.locator('button[name="pay"]').click();
  await pay.waitForURL(/result=success/);
  await pay.close();
  const order = (await apiJSON(await desktop.request.get(`${baseURL}/api/orders/${placed.data.order_id}`), 'the order')).data;
  const phone = await signIn(browser, baseURL, lang, email, PASSWORD, 'phone');
  return { lang, email, trip: placed.data.order_id, day: order.trip.date, desktop, phone, pages: {} };
}

const bell = (page, view) => page.locator(`#panel-toggle-${view}-notifications`);

async function unreadIs(page, view, n) {
  const toggle = bell(page, view);
  if (n === 0) await page.waitForFunction((el) => !el.hasAttribute('data-count'), await toggle.elementHandle());
  else await page.waitForFunction(([el, want]) => el.getAttribute('data-count') === want, [await toggle.elementHandle(), String(n)]);
}

async function noSidewaysScroll(page, what) {
  const [scroll, client] = await page.evaluate(() => [document.documentElement.scrollWidth, document.documentElement.clientWidth]);
  assert.ok(scroll <= client + 1, `${what} scrolls sideways: ${scroll} > ${client}`);
}

export async function run({ browser, baseURL, adminEmail, adminPassword, addUser, startFakeClock }) {
  assert.ok(adminEmail && addUser && startFakeClock, 'the runner passes the demo admin, addUser and startFakeClock');
  const admin = await signIn(browser, baseURL, 'en', adminEmail, adminPassword);
  const travellers = [];
  const clocks = new Map();
  try {
    for (const lang of ['en', 'ar']) travellers.push(await traveller(browser, baseURL, lang));

    // Each traveller opens their order's page on both devices: confirmed, waiting for a driver, two
    // unread updates (received, confirmed) on the bell.
    for (const tr of travellers) {
      for (const view of ['desktop', 'phone']) {
        const page = await tr[view].newPage();
        page.setDefaultTimeout(20_000);
        await page.goto(`${baseURL}/account/order/${tr.trip}`);
        await page.locator('[data-testid="order-status"][data-status="confirmed"]').waitFor();
        await page.locator('[data-testid="trip-progress"][data-status="unassigned"]').waitFor();
        await unreadIs(page, view, 2);
        tr.pages[view] = page;
      }
    }

    // Staff link a fresh driver account to a driver free that day and assign the trip.
    for (const tr of travellers) {
      tr.driverEmail = `e2e-live-driver-${tr.lang}-${Date.now().toString(36)}@example.com`;
      addUser(tr.driverEmail, PASSWORD, 'driver');
      const board = await apiJSON(await admin.request.get(`${baseURL}/api/admin/trips?date=${tr.day}`), 'board');
      const chosen = board.drivers.find((d) => d.works_that_day && d.trips < d.trips_per_day);
      assert.ok(chosen, `no driver free on ${tr.day}: ${JSON.stringify(board.drivers)}`);
      await apiJSON(await admin.request.put(`${baseURL}/api/admin/drivers/${chosen.id}/account`, { data: { email: tr.driverEmail } }), 'link the driver');
      await apiJSON(
        await admin.request.post(`${baseURL}/api/admin/trips/${tr.trip}/driver`, { data: { driver_id: chosen.id }, headers: { 'Idempotency-Key': `live-${tr.trip}` } }),
        'assign the driver',
      );
      tr.driver = chosen;
      const progress = (await apiJSON(await tr.desktop.request.get(`${baseURL}/api/orders/${tr.trip}/progress`), 'the trip progress')).data;
      assert.ok(progress.driver?.name === chosen.name && (tr.lang === 'en' || progress.driver.name_ar), `progress names the driver: ${JSON.stringify(progress.driver)}`);
      for (const view of ['desktop', 'phone']) {
        const page = tr.pages[view];
        await page.locator('[data-testid="trip-progress"][data-status="assigned"]').waitFor();
        const driverLine = await page.getByTestId('trip-driver').innerText();
        const name = (tr.lang === 'ar' && progress.driver.name_ar) || progress.driver.name;
        assert.ok(driverLine.includes(name) && driverLine.includes(chosen.plate), `${tr.lang} ${view}: the driver line reads "${driverLine}", want ${name} and ${chosen.plate}`);
        await page.getByTestId('trip-class').waitFor();
        await unreadIs(page, view, 3);
      }
      await shot(tr.pages.phone, `${tr.lang}-phone-assigned`);
    }

    // On the trip's day the driver moves the trip on; every step shows on both pages without a reload.
    for (const tr of travellers) {
      if (!clocks.has(tr.day)) clocks.set(tr.day, await startFakeClock(nineInCairo(tr.day)));
      const onTheDay = clocks.get(tr.day);
      const driver = await signIn(browser, onTheDay.baseURL, 'en', tr.driverEmail, PASSWORD);
      try {
        const steps = [
          [{ step: 'start' }, 'started'],
          [{ step: 'pickup' }, 'picked_up'],
          [{ step: 'arrive', stop: 1 }, 'at_stop'],
          [{ step: 'arrive', stop: 2 }, 'at_stop'],
          [{ step: 'complete' }, 'completed'],
        ];
        let unread = 3;
        for (const [body, status] of steps) {
          await apiJSON(await driver.request.post(`${onTheDay.baseURL}/api/driver/trips/${tr.trip}/progress`, { data: body }), `${body.step} ${body.stop ?? ''}`);
          unread += 1;
          for (const view of ['desktop', 'phone']) {
            const page = tr.pages[view];
            await page.locator(`[data-testid="trip-progress"][data-status="${status}"]`).waitFor();
            if (body.stop) await page.locator(`[data-testid="trip-progress"] .trip-progress__strip li.is-done`).nth(body.stop).waitFor();
            await unreadIs(page, view, unread);
          }
        }
      } finally {
        await driver.close();
      }
      // The order itself is completed (the order ↔ trip process), and the page says so by itself.
      for (const view of ['desktop', 'phone']) {
        await tr.pages[view].locator('[data-testid="order-status"][data-status="completed"]').waitFor({ timeout: 30_000 });
        await noSidewaysScroll(tr.pages[view], `${tr.lang} ${view} order page`);
      }
      await shot(tr.pages.desktop, `${tr.lang}-desktop-completed`);
    }

    // The bell's list on the phone: newest first, in the page's language with Cairo-time labels; "mark
    // all read" clears the count here and, through the live channel, on the desktop.
    for (const tr of travellers) {
      const page = tr.pages.phone;
      await bell(page, 'phone').click();
      const list = page.getByTestId('notifications');
      await list.waitFor();
      const first = list.locator('li').first();
      assert.equal(await first.getAttribute('data-kind'), 'trip_completed');
      const text = await first.innerText();
      assert.ok(text.includes(BELL[tr.lang].completed) && text.includes(BELL[tr.lang].cairo), `${tr.lang}: the newest notification reads "${text}"`);
      assert.equal(await list.locator('li[data-read="false"]').count(), 8);
      await noSidewaysScroll(page, `${tr.lang} phone bell`);
      await shot(page, `${tr.lang}-phone-bell`);
      await list.getByRole('button', { name: BELL[tr.lang].markAll }).click();
      await list.locator('li[data-read="false"]').first().waitFor({ state: 'detached' });
      await unreadIs(page, 'phone', 0);
      await unreadIs(tr.pages.desktop, 'desktop', 0);
      // Reading the bell leaves the trip's page as it was.
      assert.equal(await tr.pages.desktop.locator('[data-testid="trip-progress"]').getAttribute('data-status'), 'completed');
    }
  } finally {
    for (const clock of clocks.values()) await clock.stop();
    for (const tr of travellers) await Promise.all([tr.desktop.close(), tr.phone.close()]);
    await admin.close();
  }
}
