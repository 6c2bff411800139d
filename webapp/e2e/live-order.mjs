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

import { apiJSON, paidTripWithDriver, screenshotter, signIn, tripDayClocks } from './helpers.mjs';

const shot = screenshotter('live-order');
const PASSWORD = 'live-order-e2e-pass';
// The bell's own strings (webapp/src/features/notifications/components/messages.ts).
const BELL = {
  en: { cairo: '(Cairo time)', completed: 'Trip completed. Thank you for travelling with Mishwar!', markAll: 'Mark all read' },
  ar: { cairo: '(بتوقيت القاهرة)', completed: 'اكتملت الرحلة. شكرًا لسفرك مع مشوار!', markAll: 'تعليم الكل كمقروء' },
};

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

/**
 * The lines the driver line's plate takes as shown, and at the line's narrowest (min-content, where
 * every place a line may break is taken): a plate is never broken, whatever the screen.
 */
function plateLines(page) {
  return page.getByTestId('trip-driver').evaluate((line) => {
    const plate = [...line.querySelectorAll('bdi[dir]')].find((el) => /\d|[٠-٩]/.test(el.textContent));
    if (!plate) return { asShown: 0, narrowest: 0 };
    // One box per piece of a line (Arabic letters and digits are separate runs of one line): lines
    // are the distinct heights they sit at.
    const lines = () => new Set([...plate.getClientRects()].map((box) => Math.round(box.bottom))).size;
    const asShown = lines();
    const width = line.style.inlineSize;
    line.style.inlineSize = 'min-content';
    const narrowest = lines();
    line.style.inlineSize = width;
    return { asShown, narrowest };
  });
}

export async function run({ browser, baseURL, adminEmail, adminPassword, addUser, startFakeClock }) {
  assert.ok(adminEmail && addUser && startFakeClock, 'the runner passes the demo admin, addUser and startFakeClock');
  const admin = await signIn(browser, baseURL, 'en', adminEmail, adminPassword);
  const travellers = [];
  const clocks = tripDayClocks(startFakeClock);
  try {
    for (const lang of ['en', 'ar']) {
      // Each traveller (signed in on a desktop and a phone) opens their paid order's page on both
      // devices: confirmed, waiting for a driver, two unread updates (received, confirmed) on the bell.
      // Then staff link a fresh driver account to a driver free that day and assign the trip.
      let opened;
      const tr = await paidTripWithDriver({ browser, baseURL, admin, addUser }, lang, {
        name: 'live',
        password: PASSWORD,
        beforeDriver: async (paid) => {
          opened = { ...paid, phone: await signIn(browser, baseURL, lang, paid.email, PASSWORD, 'phone'), pages: {} };
          travellers.push(opened);
          for (const view of ['desktop', 'phone']) {
            const page = await opened[view].newPage();
            page.setDefaultTimeout(20_000);
            await page.goto(`${baseURL}/account/order/${paid.trip}`);
            await page.locator('[data-testid="order-status"][data-status="confirmed"]').waitFor();
            await page.locator('[data-testid="trip-progress"][data-status="unassigned"]').waitFor();
            await unreadIs(page, view, 2);
            opened.pages[view] = page;
          }
        },
      });
      Object.assign(opened, tr);
    }

    // Both pages show the driver the staff assigned without a reload.
    for (const tr of travellers) {
      const chosen = tr.driver;
      const progress = (await apiJSON(await tr.desktop.request.get(`${baseURL}/api/orders/${tr.trip}/progress`), 'the trip progress')).data;
      assert.ok(progress.driver?.name === chosen.name && (tr.lang === 'en' || progress.driver.name_ar), `progress names the driver: ${JSON.stringify(progress.driver)}`);
      for (const view of ['desktop', 'phone']) {
        const page = tr.pages[view];
        await page.locator('[data-testid="trip-progress"][data-status="assigned"]').waitFor();
        // Spaces of any kind read alike here (the plate's are no-break spaces).
        const words = (text) => text.replace(/\s+/g, ' ');
        const driverLine = words(await page.getByTestId('trip-driver').innerText());
        const name = (tr.lang === 'ar' && progress.driver.name_ar) || progress.driver.name;
        // The plate's digits are the page's: Arabic-Indic on an Arabic page (utils/plate formatPlate).
        const plate = words(tr.lang === 'ar' ? chosen.plate.replace(/[0-9]/g, (d) => String.fromCharCode(0x0660 + Number(d))) : chosen.plate);
        assert.ok(driverLine.includes(name) && driverLine.includes(plate), `${tr.lang} ${view}: the driver line reads "${driverLine}", want ${name} and ${plate}`);
        assert.deepEqual(await plateLines(page), { asShown: 1, narrowest: 1 }, `${tr.lang} ${view}: the plate "${plate}" breaks across lines`);
        await page.getByTestId('trip-class').waitFor();
        await unreadIs(page, view, 3);
      }
      await shot(tr.pages.phone, `${tr.lang}-phone-assigned`);
    }

    // On the trip's day the driver moves the trip on; every step shows on both pages without a reload.
    for (const tr of travellers) {
      const onTheDay = await clocks.on(tr.day);
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
    await clocks.stop();
    for (const tr of travellers) await Promise.all([tr.desktop.close(), tr.phone.close()]);
    await admin.close();
  }
}
