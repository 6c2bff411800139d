// Browser test of following the driver on the map, against the real server, in English and Arabic, on
// a desktop and a 360 px phone. A traveller (one per language) has their paid order's page open on a
// desktop and /tripstatus (trip number + e-mail) on a phone. On the trip's day (a second `mishwar
// serve` of the fakeclock build on the same database, its clock at 09:00 Cairo) the driver starts the
// trip; the driver's page (a phone, geolocation granted) turns "Share my location" on and drives a
// scripted route (context.setGeolocation). On both of the traveller's pages the car's marker moves and
// the minutes to the pickup show in the page's digits, with the update time labelled Cairo time. Once
// the driver stops sharing, a page opened or reloaded mid-trip still shows the car at once (the latest
// position the server keeps), and so does /tripstatus after its network dropped and came back. A
// driver who refuses the browser's location prompt reads why and what to do. When the trip is
// completed the driver's switch and the traveller's map go away. No screen scrolls sideways.
// Exported as `run(ctx)` for the shared runner (E2E_FILTER=live-position runs it alone).

import assert from 'node:assert/strict';

import { apiJSON, fitsTheScreen, paidTripWithDriver, screenshotter, signIn, tripDayClocks, VIEWS } from './helpers.mjs';

const shot = screenshotter('live-position');
const PASSWORD = 'geo-e2e-pass1';
// The dispatch feature's own strings (webapp/src/features/dispatch/components/messages.ts).
const TEXT = {
  en: { share: 'Share my location', stop: 'Stop sharing my location', denied: 'Location access is blocked', cairo: '(Cairo time)' },
  ar: { share: 'شارك موقعي', stop: 'أوقف مشاركة موقعي', denied: 'الوصول إلى الموقع محظور', cairo: '(بتوقيت القاهرة)' },
};
// A scripted drive north along the Corniche towards downtown Cairo, about 90 m a fix: the fixes come
// a second or two apart, and the relay drops one a car could not have reached in that time (over
// 200 km/h from the last, dispatch.Track), as a kilometre a second would be.
const ROUTE = [
  { latitude: 29.9870, longitude: 31.2290 },
  { latitude: 29.9878, longitude: 31.2292 },
  { latitude: 29.9886, longitude: 31.2294 },
  { latitude: 29.9894, longitude: 31.2296 },
  { latitude: 29.9902, longitude: 31.2298 },
];

/** The car's marker position on a traveller's page, as the map last drew it. */
const carAt = (page) => page.getByTestId('live-car').evaluate((el) => `${el.dataset.lat},${el.dataset.lng}`);

/** The ETA line: the minutes in the page's digits (Arabic-Indic in Arabic), or "arriving". */
async function etaReads(page, lang, where) {
  const eta = page.getByTestId('live-car-eta');
  await eta.waitFor();
  const text = await eta.innerText();
  const digits = lang === 'ar' ? /[\u0660-\u0669]/ : /[0-9]/;
  const wrong = lang === 'ar' ? /[0-9]/ : /[\u0660-\u0669]/;
  assert.ok(!wrong.test(text), `${where}: the ETA "${text}" mixes numeral systems`);
  assert.ok(digits.test(text) || /arriving|يصل الآن|الوصول الآن|one|واحدة|دقيقتان/.test(text), `${where}: the ETA "${text}" gives no minutes`);
  const updated = await page.getByTestId('live-car-updated').innerText();
  assert.ok(updated.includes(TEXT[lang].cairo), `${where}: the update time "${updated}" is not labelled Cairo time`);
  return text;
}

export async function run({ browser, baseURL, adminEmail, adminPassword, addUser, startFakeClock }) {
  assert.ok(adminEmail && addUser && startFakeClock, 'the runner passes the demo admin, addUser and startFakeClock');
  const admin = await signIn(browser, baseURL, 'en', adminEmail, adminPassword, 'desktop');
  const travellers = [];
  const clocks = tripDayClocks(startFakeClock);
  const drivers = [];
  try {
    for (const lang of ['en', 'ar']) {
      // A traveller with a paid order that staff gave a driver; /tripstatus opens on a phone, not signed in.
      const tr = await paidTripWithDriver({ browser, baseURL, admin, addUser }, lang, { name: 'geo', password: PASSWORD });
      const phone = await browser.newContext({ ...VIEWS.phone, locale: lang === 'ar' ? 'ar-EG' : 'en-GB' });
      await phone.addCookies([{ name: 'lang', value: lang, domain: new URL(baseURL).hostname, path: '/' }]);
      travellers.push({ ...tr, phone, pages: {} });
    }

    for (const tr of travellers) {
      // The traveller's pages: the order page (desktop) and /tripstatus (phone, not signed in).
      tr.errors = [];
      const orderPage = await tr.desktop.newPage();
      orderPage.on('pageerror', (err) => tr.errors.push(`order page: ${err}`));
      orderPage.setDefaultTimeout(20_000);
      await orderPage.goto(`${baseURL}/account/order/${tr.trip}`);
      await orderPage.locator('[data-testid="trip-progress"][data-status="assigned"]').waitFor();
      const statusPage = await tr.phone.newPage();
      statusPage.on('pageerror', (err) => tr.errors.push(`tripstatus: ${err}`));
      statusPage.setDefaultTimeout(20_000);
      // The page's socket passes through the test, which can cut it as a dropped network would.
      tr.sockets = [];
      await statusPage.routeWebSocket(/\/socket\.io\//, (ws) => {
        const server = ws.connectToServer();
        tr.sockets.push({ ws, server });
      });
      await statusPage.goto(`${baseURL}/tripstatus?trip=${encodeURIComponent(tr.trip)}`);
      await statusPage.locator('input[type="email"]').fill(tr.email);
      await statusPage.locator('form button[type="submit"]').click();
      await statusPage.locator('[data-testid="trip-progress"][data-status="assigned"]').waitFor();
      tr.pages = { desktop: orderPage, phone: statusPage };
      // No map before the trip runs.
      for (const page of Object.values(tr.pages)) assert.equal(await page.getByTestId('live-car').count(), 0, 'a map before the trip started');

      // On the trip's day the driver starts the trip.
      const onTheDay = await clocks.on(tr.day);
      const steps = await signIn(browser, onTheDay.baseURL, tr.lang, tr.driverEmail, PASSWORD, 'desktop');
      drivers.push(steps);
      await apiJSON(await steps.request.post(`${onTheDay.baseURL}/api/driver/trips/${tr.trip}/progress`, { data: { step: 'start' } }), 'start');
      for (const page of Object.values(tr.pages)) {
        await page.locator('[data-testid="trip-progress"][data-status="started"]').waitFor();
        await page.getByTestId('live-car-waiting').waitFor();
      }

      // A driver who refuses the location prompt is told why and what to do.
      const refusing = await signIn(browser, baseURL, tr.lang, tr.driverEmail, PASSWORD, 'phone');
      drivers.push(refusing);
      const refused = await refusing.newPage();
      await refused.goto(`${baseURL}/driver`);
      await refused.getByTestId('share-location-toggle').click();
      await refused.locator('[data-testid="share-location"][data-sharing="denied"]').waitFor();
      const deniedText = await refused.getByTestId('share-location-status').innerText();
      assert.ok(deniedText.includes(TEXT[tr.lang].denied), `${tr.lang}: the denied message reads "${deniedText}"`);
      await fitsTheScreen(refused, `${tr.lang} phone driver page, location denied`, { lang: tr.lang });
      await refusing.close();

      // The driver's phone, location granted, shares along the scripted route.
      const phone = await signIn(browser, baseURL, tr.lang, tr.driverEmail, PASSWORD, 'phone', { geolocation: ROUTE[0], permissions: ['geolocation'] });
      drivers.push(phone);
      await phone.grantPermissions(['geolocation'], { origin: baseURL });
      const driverPage = await phone.newPage();
      driverPage.setDefaultTimeout(20_000);
      await driverPage.goto(`${baseURL}/driver`);
      const toggle = driverPage.getByTestId('share-location-toggle');
      assert.equal(await toggle.innerText(), TEXT[tr.lang].share);
      await toggle.click();
      await driverPage.locator('[data-testid="share-location"][data-sharing="on"]').waitFor();
      assert.equal(await toggle.innerText(), TEXT[tr.lang].stop);

      const seen = { desktop: new Set(), phone: new Set() };
      for (const [i, point] of ROUTE.entries()) {
        if (i > 0) await phone.setGeolocation(point);
        for (const [view, page] of Object.entries(tr.pages)) {
          await page.waitForFunction(
            ([lat, lng]) => {
              const el = document.querySelector('[data-testid="live-car"]');
              return el && Math.abs(Number(el.getAttribute('data-lat')) - lat) < 1e-6 && Math.abs(Number(el.getAttribute('data-lng')) - lng) < 1e-6;
            },
            [point.latitude, point.longitude],
            { timeout: 15_000 },
          ).catch(async (error) => {
            const car = await page.locator('.live-car, [data-testid="live-car-waiting"]').first().evaluate((el) => el.outerHTML.slice(0, 300)).catch(() => 'nothing');
            const driver = await driverPage.getByTestId('share-location').innerText().catch(() => 'no switch');
            throw new Error(`${tr.lang} ${view}: the car never reached point ${i} (${error.message.split('\n')[0]}); page shows ${car}; driver's switch: ${driver}`);
          });
          seen[view].add(await carAt(page));
          await page
            .locator('.live-car [data-testid="live-car-marker"]')
            .waitFor()
            .catch(async (error) => {
              const html = await page.locator('.live-car').evaluate((el) => el.outerHTML.slice(0, 1500)).catch(() => 'no .live-car');
              throw new Error(`${tr.lang} ${view}: no car marker (${error.message.split('\n')[0]}); page errors: ${tr.errors.join(' | ')}; ${html}`);
            });
        }
        // The server keeps one position a second: the next fix comes later.
        await driverPage.waitForTimeout(1_300);
      }
      assert.deepEqual(tr.errors, [], 'script errors on the traveller pages');
      for (const [view, page] of Object.entries(tr.pages)) {
        assert.equal(seen[view].size, ROUTE.length, `${tr.lang} ${view}: the car did not move through the route: ${[...seen[view]].join(' | ')}`);
        await etaReads(page, tr.lang, `${tr.lang} ${view}`);
        await fitsTheScreen(page, `${tr.lang} ${view} traveller page with the car`, { lang: tr.lang });
      }
      const sharing = await driverPage.getByTestId('share-location-status').innerText();
      assert.ok(sharing.includes(TEXT[tr.lang].cairo), `${tr.lang}: the driver's last-sent time "${sharing}" is not labelled Cairo time`);
      await fitsTheScreen(driverPage, `${tr.lang} phone driver page, sharing`, { lang: tr.lang });
      await shot(tr.pages.desktop, `${tr.lang}-desktop-order-car`);
      await shot(tr.pages.phone, `${tr.lang}-phone-tripstatus-car`);
      await shot(driverPage, `${tr.lang}-phone-driver-sharing`);

      // The driver's page opens on a desktop too, within the screen.
      const desk = await signIn(browser, baseURL, tr.lang, tr.driverEmail, PASSWORD, 'desktop');
      drivers.push(desk);
      const deskPage = await desk.newPage();
      await deskPage.goto(`${baseURL}/driver`);
      await deskPage.getByTestId('share-location-toggle').waitFor();
      await fitsTheScreen(deskPage, `${tr.lang} desktop driver page`, { lang: tr.lang });

      // The driver stops sharing: no new position comes. A traveller page opened mid-trip, reloaded,
      // or whose connection dropped and came back, shows the car at once all the same: the server
      // gives the latest position it keeps as soon as the socket is in the trip's rooms.
      await toggle.click();
      await driverPage.locator('[data-testid="share-location"][data-sharing="off"]').waitFor();
      const last = ROUTE[ROUTE.length - 1];
      const atLast = `${last.latitude},${last.longitude}`;
      const late = await tr.desktop.newPage();
      await late.goto(`${baseURL}/account/order/${tr.trip}`);
      await late.getByTestId('live-car').waitFor();
      assert.equal(await carAt(late), atLast, `${tr.lang}: a page opened mid-trip`);
      await late.close();
      await tr.pages.desktop.reload();
      await tr.pages.desktop.getByTestId('live-car').waitFor();
      assert.equal(await carAt(tr.pages.desktop), atLast, `${tr.lang}: the order page reloaded`);
      await tr.pages.phone.reload();
      await tr.pages.phone.locator('input[type="email"]').fill(tr.email);
      await tr.pages.phone.locator('form button[type="submit"]').click();
      await tr.pages.phone.getByTestId('live-car').waitFor();
      assert.equal(await carAt(tr.pages.phone), atLast, `${tr.lang}: /tripstatus reloaded`);
      // The connection drops (the page stays): the socket connects again by itself and rejoins the
      // trip's room, so the car stays drawn and the next step shows without a reload.
      const before = tr.sockets.length;
      assert.ok(before > 0, `${tr.lang}: the /tripstatus socket did not pass through the test`);
      const { ws, server } = tr.sockets[before - 1];
      await server.close({ code: 1001, reason: 'gone' });
      await ws.close({ code: 1001, reason: 'gone' });
      const deadline = Date.now() + 20_000;
      while (tr.sockets.length === before && Date.now() < deadline) await tr.pages.phone.waitForTimeout(100);
      assert.ok(tr.sockets.length > before, `${tr.lang}: /tripstatus did not connect again after its connection dropped`);
      assert.equal(await carAt(tr.pages.phone), atLast, `${tr.lang}: /tripstatus after the connection came back`);

      // The trip goes on to its end: the switch leaves the driver's page and the map the traveller's.
      await apiJSON(await steps.request.post(`${onTheDay.baseURL}/api/driver/trips/${tr.trip}/progress`, { data: { step: 'pickup' } }), 'pickup');
      for (const page of Object.values(tr.pages)) await page.locator('[data-testid="trip-progress"][data-status="picked_up"]').waitFor();
      for (const body of [{ step: 'arrive', stop: 1 }, { step: 'arrive', stop: 2 }, { step: 'complete' }]) {
        await apiJSON(await steps.request.post(`${onTheDay.baseURL}/api/driver/trips/${tr.trip}/progress`, { data: body }), `${body.step} ${body.stop ?? ''}`);
      }
      await driverPage.getByTestId('share-location').waitFor({ state: 'detached' });
      for (const page of Object.values(tr.pages)) {
        await page.locator('[data-testid="trip-progress"][data-status="completed"]').waitFor();
        await page.getByTestId('live-car').waitFor({ state: 'detached' });
      }
    }
  } finally {
    await clocks.stop();
    for (const d of drivers) await d.close().catch(() => undefined);
    for (const tr of travellers) await Promise.all([tr.desktop.close(), tr.phone.close()]);
    await admin.close();
  }
}
