// Browser test of dispatch and live trip tracking against the real server (the binary with the web app
// embedded, its own PostgreSQL, the demo catalogue, the sandbox payments) in Chromium:
//   a traveller's order is placed and paid (through the API, as the checkout suite covers the screens)
//   → the admin links a driver's account and assigns the driver on the trips board (/admin/trip)
//   → the driver, a week early, is told it is too early to start (a trip starts on its day, Cairo)
//   → on the trip's day (a second `mishwar serve` of the fakeclock build on the same database, its clock
//     at 09:00 Cairo that day) the driver presses the big next-step button through to the end
//   → the traveller's trip status page (/tripstatus) on the first process, open all along, shows each
//     step live (the steps cross processes by PostgreSQL notifications).
// Exported as `run(ctx)` for the shared runner (ctx: { browser, baseURL, adminEmail, adminPassword, addUser,
// startFakeClock }).

import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

import { cairoDate, nineInCairo, pickDay, register, t as translate } from './helpers.mjs';

const here = new URL('.', import.meta.url);
const t = (key) => translate('en', key);
const shots = new URL('../test-output/screenshots/', here);
mkdirSync(shots, { recursive: true });
const shot = (page, name) => page.screenshot({ path: fileURLToPath(new URL(`dispatch-${name}.png`, shots)), fullPage: true });

async function json(res, what) {
  const body = await res.text();
  assert.ok(res.ok(), `${what}: ${res.status()} ${body}`);
  return JSON.parse(body);
}

async function signedIn(browser, baseURL, email, password) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, locale: 'en-GB' });
  await context.addCookies([{ name: 'lang', value: 'en', domain: new URL(baseURL).hostname, path: '/' }]);
  await json(await context.request.post(`${baseURL}/api/user/login`, { data: { email, password } }), `sign in ${email}`);
  return context;
}

/** A paid order for two demo destinations on the first bookable day; returns its trip number and day. */
async function paidOrder(browser, baseURL, email) {
  const context = await browser.newContext();
  try {
    const api = context.request;
    await json(await register(api, baseURL, { first_name: 'Salma', last_name: 'Nabil', email, password: 'dispatch-e2e-pass', phone_number: '+201001234567' }), 'register');
    const destinations = (await json(await api.get(`${baseURL}/api/destinations`), 'destinations')).data;
    for (const d of destinations.slice(0, 2)) await json(await api.post(`${baseURL}/api/auth/cart`, { data: { destination_id: d.id } }), 'add to cart');
    const pickup = (await json(await api.get(`${baseURL}/api/pickup-points`), 'pickup points')).data[0];
    await json(await api.put(`${baseURL}/api/auth/cart/points`, { data: { start: { pickup_point_id: pickup.id }, same_end: true } }), 'points');
    const rate = (await json(await api.get(`${baseURL}/api/rates`), 'rates')).data[0];
    const from = cairoDate(2);
    const calendar = (await json(await api.get(`${baseURL}/api/orders/calendar?from=${from}&days=30`), 'calendar')).data;
    const days = Array.isArray(calendar) ? calendar : calendar.days;
    const day = days.find((d) => d.status === 'available');
    assert.ok(day, `no bookable day: ${JSON.stringify(calendar).slice(0, 300)}`);
    const placed = await json(
      await api.post(`${baseURL}/api/orders`, {
        data: { first_name: 'Salma', last_name: 'Nabil', email, confirm_email: email, phone: '1001234567', country_key: '+20', country: 'EG', terms: true, date: day.date, time: '10:00', rate_plan_id: rate.id, currency: 'EGP' },
      }),
      'checkout',
    );
    const page = await context.newPage();
    await page.goto(placed.payment_url);
    await page.locator('#card_number').fill('4242 4242 4242 4242');
    await page.locator('#expiry').fill('12/39');
    await page.locator('#cvc').fill('123');
    await page.locator('button[name="pay"]').click();
    await page.waitForURL(/result=success/);
    return { trip: placed.data.order_id, day: day.date };
  } finally {
    await context.close();
  }
}

export async function run({ browser, baseURL, adminEmail, adminPassword, addUser, startFakeClock }) {
  assert.ok(adminEmail && addUser && startFakeClock, 'the runner passes the demo admin, addUser and startFakeClock');
  const travellerEmail = `e2e-dispatch-${Date.now().toString(36)}@example.com`;
  const driverEmail = `e2e-driver-${Date.now().toString(36)}@example.com`;
  addUser(driverEmail, 'driver-e2e-pass', 'driver');
  const { trip, day } = await paidOrder(browser, baseURL, travellerEmail);

  const traveller = await browser.newContext({ viewport: { width: 1280, height: 900 }, locale: 'en-GB' });
  const admin = await signedIn(browser, baseURL, adminEmail, adminPassword);
  const driver = await signedIn(browser, baseURL, driverEmail, 'driver-e2e-pass');
  try {
    // The traveller keeps the trip status page open from the start.
    const status = await traveller.newPage();
    status.setDefaultTimeout(20_000);
    await status.goto(`${baseURL}/tripstatus`);
    await status.getByLabel(t('fields.tripNumber')).fill(trip);
    await status.getByLabel(t('fields.email')).fill(travellerEmail);
    await status.getByRole('button', { name: t('tripStatus.check') }).click();
    await status.locator('[data-testid="trip-progress"][data-status="unassigned"]').waitFor();

    // The operator links the driver's account and assigns the trip on the board.
    const board = await admin.newPage();
    board.setDefaultTimeout(20_000);
    const drivers = (await json(await admin.request.get(`${baseURL}/api/admin/trips?date=${day}`), 'board')).drivers;
    const chosen = drivers.find((d) => d.works_that_day);
    assert.ok(chosen, `no driver works on ${day}`);
    await board.goto(`${baseURL}/admin/trip`);
    await pickDay(board, 'board-date', day);
    const row = board.getByTestId(`trip-${trip}`);
    await row.waitFor();
    const driverRow = board.getByTestId(`driver-${chosen.id}`);
    await driverRow.locator('input[name="email"]').fill(driverEmail);
    await driverRow.getByRole('button', { name: 'Link account' }).click();
    await board.getByText('Account linked.').waitFor();
    await row.getByTestId('driver-select').selectOption(chosen.id);
    await row.getByRole('button', { name: 'Assign' }).click();
    await board.locator(`[data-testid="trip-${trip}"][data-status="assigned"]`).waitFor();
    await shot(board, 'board');
    await status.locator('[data-testid="trip-progress"][data-status="assigned"]').waitFor();

    // Taking the driver off asks why; the board says it, and the driver's open page drops the trip
    // without a reload. Then the operator gives it back.
    const open = await driver.newPage();
    open.setDefaultTimeout(20_000);
    await open.goto(`${baseURL}/driver`);
    await open.getByTestId(`driver-trip-${trip}`).waitFor();
    await row.getByTestId('unassign').click();
    const question = board.getByRole('alertdialog');
    await question.getByTestId('unassign-reason').fill('Car in the garage');
    await question.getByRole('button', { name: 'Unassign' }).click();
    await row.getByText('Driver taken off: Car in the garage').waitFor();
    await open.getByTestId(`driver-trip-${trip}`).waitFor({ state: 'detached' });
    await open.close();
    await row.getByTestId('driver-select').selectOption(chosen.id);
    await row.getByRole('button', { name: 'Assign' }).click();
    await board.locator(`[data-testid="trip-${trip}"][data-status="assigned"]`).waitFor();

    // A week early (today, on the real clock) the driver may not set off: the screen says from when,
    // and offers no start for the server to refuse.
    const early = await driver.newPage();
    early.setDefaultTimeout(20_000);
    await early.goto(`${baseURL}/driver`);
    const earlyCard = early.getByTestId(`driver-trip-${trip}`);
    await earlyCard.waitFor();
    assert.match(await earlyCard.getByTestId('starts-from').innerText(), /^You can start this trip from .+ \(Cairo time\)\.$/);
    assert.equal(await earlyCard.getByTestId('next-step').isDisabled(), true, 'the start is offered a week early');
    await early.locator(`[data-testid="driver-trip-${trip}"][data-status="assigned"]`).waitFor();
    await shot(early, 'too-early');
    await early.close();

    // On the trip's day: the driver's browser uses a process whose clock says 09:00 Cairo that day.
    const onTheDay = await startFakeClock(nineInCairo(day));
    const onDay = await signedIn(browser, onTheDay.baseURL, driverEmail, 'driver-e2e-pass');
    try {
      const tripOf = async () => (await json(await onDay.request.get(`${onTheDay.baseURL}/api/driver/trips`), 'driver trips')).data.find((x) => x.order_id === trip);
      const day_ = await onDay.newPage();
      day_.setDefaultTimeout(20_000);
      await day_.goto(`${onTheDay.baseURL}/driver`);
      const card = day_.getByTestId(`driver-trip-${trip}`);
      await card.waitFor();
      // Each press shows on the traveller's page (the other process) without a reload, to the end.
      const seen = [];
      for (let press = 0; press < 12; press += 1) {
        const before = await tripOf();
        if (!before?.next_step) break;
        await card.getByTestId('next-step').click();
        if (before.next_step === 'complete') {
          // Completing cannot be taken back: the driver is asked once more.
          const question = card.getByRole('alertdialog');
          await question.waitFor();
          assert.match(await question.innerText(), /cannot be undone/);
          await question.getByRole('button', { name: 'Complete trip' }).click();
        }
        let after = before;
        for (const deadline = Date.now() + 20_000; Date.now() < deadline; await new Promise((r) => setTimeout(r, 200))) {
          after = await tripOf();
          if (!after || after.status !== before.status || after.stop !== before.stop) break;
        }
        assert.ok(!after || after.status !== before.status || after.stop !== before.stop, `the press on "${before.next_step}" changed nothing`);
        const now = after?.status ?? 'completed';
        seen.push(now);
        if (after) await day_.locator(`[data-testid="driver-trip-${trip}"][data-status="${now}"]`).waitFor();
        await status.locator(`[data-testid="trip-progress"][data-status="${now}"]`).waitFor().catch(async (error) => {
          const res = await traveller.request.post(`${baseURL}/api/trips/${trip}/progress`, { data: { email: travellerEmail } });
          const warnings = onTheDay.log().split('\n').filter((line) => /"level":"(WARN|ERROR)"/.test(line)).slice(-5).join('\n');
          throw new Error(`${error.message.split('\n')[0]}; the first process answers ${res.status()} ${(await res.text()).slice(0, 300)}\nthe fakeclock process warned:\n${warnings}`);
        });
        if (now === 'at_stop' && seen.filter((x) => x === 'at_stop').length === 1) await shot(day_, 'driver');
      }
      assert.deepEqual([...new Set(seen)], ['started', 'picked_up', 'at_stop', 'completed'], `steps seen: ${seen.join(', ')}`);
      await shot(status, 'traveller');
      // The operator's board (first process) followed as well.
      await board.locator(`[data-testid="trip-${trip}"][data-status="completed"]`).waitFor();
    } finally {
      await onDay.close();
      await onTheDay.stop();
    }
  } finally {
    await Promise.all([traveller.close(), admin.close(), driver.close()]);
  }
}
