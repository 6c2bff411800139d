// Browser test of the cart against the real server (the binary with the web app embedded, its own
// PostgreSQL, the demo catalogue) in a real Chromium:
//   add three destinations from the destinations page, see the trip priced per rate plan, move a stop
//   and see the order and the prices change, see a second tab follow every change live (no reload),
//   optimise the order and accept it, remove stops until checkout is no longer possible; the trip
//   page in Arabic, right to left; the destination page's wishlist button and the start page's start and end
//   (written to the cart), in English and Arabic.
// Usage: MISHWAR_BIN=../bin/mishwar CHROMIUM=/usr/bin/chromium node e2e/cart.mjs
// Exported as `run(ctx)` for a shared runner that owns the server and browser; `ctx` is
// { baseURL, browser }.

import assert from 'node:assert/strict';

import { eventually, runAlone, screenshotter, scrollToMap, signedInContext as signUp, t } from './helpers.mjs';

const shot = screenshotter('cart');

/** A signed-in browser context: signing up through the API stores the session cookie in the context. */
const signedInContext = (browser, baseURL, lang) =>
  signUp(browser, baseURL, lang, { emailPrefix: 'e2e-cart', firstName: 'Nour', lastName: 'Adel', password: 'cart-e2e-pass' });

async function stopNames(page) {
  return page.getByTestId('cart-stop-name').allTextContents();
}

async function rateTotals(page) {
  return page.getByTestId('rate-total').allTextContents();
}

/** Waits until the page lists exactly `names` in order (the live channel has no fixed delay). */
async function waitForStops(page, names, what) {
  const deadline = Date.now() + 10_000;
  let last = [];
  while (Date.now() < deadline) {
    last = await stopNames(page);
    if (JSON.stringify(last) === JSON.stringify(names)) return;
    await page.waitForTimeout(100);
  }
  assert.deepEqual(last, names, what);
}

async function cartFlow({ browser, baseURL }) {
  const lang = 'en';
  const { context } = await signedInContext(browser, baseURL, lang);
  try {
    const tab = await context.newPage();
    tab.setDefaultTimeout(15_000);

    // Add three destinations from the destinations page.
    await tab.goto(`${baseURL}/destinations`);
    const add = tab.getByRole('button', { name: t(lang, 'cart.addToTrip') });
    await add.first().waitFor();
    for (let i = 0; i < 3; i += 1) {
      const before = await tab.getByRole('link', { name: t(lang, 'cart.inTrip') }).count();
      // The first from the keyboard: Enter on the button, and the focus goes to the link replacing it.
      if (i === 0) {
        await add.first().focus();
        await tab.keyboard.press('Enter');
      } else {
        await add.first().click();
      }
      await tab.getByText(t(lang, 'cart.added')).first().waitFor();
      await tab.waitForFunction(
        ([name, n]) => [...document.querySelectorAll('a')].filter((a) => a.textContent?.trim() === name).length > n,
        [t(lang, 'cart.inTrip'), before],
      );
      if (i === 0) {
        const focused = await tab.evaluate(() => `${document.activeElement?.tagName} ${document.activeElement?.textContent?.trim().slice(0, 40)}`);
        assert.equal(focused, `A ${t(lang, 'cart.inTrip')}`, 'the focus after "Add to trip" from the keyboard');
      }
    }

    // The trip page: three stops, four legs, a price for every active rate plan.
    await tab.goto(`${baseURL}/destinations/trip`);
    await tab.getByTestId('cart-page').waitFor();
    const first = await stopNames(tab);
    assert.equal(first.length, 3, `stops: ${first}`);
    assert.equal(await tab.getByTestId('cart-leg').count(), 4, 'a leg to each stop and one back');
    const pricesBefore = await rateTotals(tab);
    assert.ok(pricesBefore.length > 0, 'no rate plan priced');
    assert.ok(await tab.getByTestId('checkout').isEnabled(), 'checkout with three stops');
    await shot(tab, 'en-trip');

    // A second tab of the same traveller.
    const other = await context.newPage();
    other.setDefaultTimeout(15_000);
    await other.goto(`${baseURL}/destinations/trip`);
    await other.getByTestId('cart-page').waitFor();
    await waitForStops(other, first, 'the second tab shows the same trip');

    // Moving the first stop down changes the order, the route and so the prices; the other tab follows.
    await tab.getByRole('button', { name: t(lang, 'cart.moveDown', { name: first[0] }) }).click();
    const moved = [first[1], first[0], first[2]];
    await waitForStops(tab, moved, 'order after moving the first stop down');
    await tab.waitForFunction((before) => JSON.stringify([...document.querySelectorAll('[data-testid="rate-total"]')].map((e) => e.textContent)) !== before, JSON.stringify(pricesBefore));
    assert.notDeepEqual(await rateTotals(tab), pricesBefore, 'prices follow the new route');
    await waitForStops(other, moved, 'the second tab follows the move live');
    assert.ok(await tab.getByRole('button', { name: t(lang, 'cart.moveUp', { name: moved[0] }) }).isDisabled(), 'the first stop cannot move up');
    assert.ok(await tab.getByRole('button', { name: t(lang, 'cart.moveDown', { name: moved[2] }) }).isDisabled(), 'the last stop cannot move down');

    // Optimise: accept the proposal when there is one; either way both tabs agree afterwards.
    await tab.getByRole('button', { name: t(lang, 'trip.optimise') }).click();
    const proposal = tab.getByTestId('proposal');
    const improved = await proposal
      .waitFor({ timeout: 5_000 })
      .then(() => true)
      .catch(() => false);
    if (improved) {
      const proposed = (await proposal.locator('li').allTextContents()).map((s) => s.trim());
      await shot(tab, 'en-proposal');
      await tab.getByRole('button', { name: t(lang, 'trip.accept') }).click();
      await waitForStops(tab, proposed, 'the accepted order');
      await waitForStops(other, proposed, 'the second tab follows the accepted order');
    }

    // Removing stops: with one left, checkout is disabled and says why.
    let names = await stopNames(tab);
    while (names.length > 1) {
      await tab.getByRole('button', { name: t(lang, 'cart.remove', { name: names[0] }) }).click();
      names = names.slice(1);
      await waitForStops(tab, names, 'after a removal');
      await waitForStops(other, names, 'the second tab follows the removal');
    }
    assert.ok(await tab.getByTestId('checkout').isDisabled(), 'checkout with one stop');
    await tab.getByText(t(lang, 'cart.needTwo')).first().waitFor();
  } finally {
    await context.close();
  }
}

async function arabicTripPage({ browser, baseURL }) {
  const lang = 'ar';
  const { context, token } = await signedInContext(browser, baseURL, lang);
  try {
    const list = await (await fetch(`${baseURL}/api/destinations?limit=2`)).json();
    for (const d of list.data.slice(0, 2)) {
      const res = await fetch(`${baseURL}/api/auth/cart`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
        body: JSON.stringify({ destination_id: d.id }),
      });
      assert.equal(res.status, 201);
    }
    const page = await context.newPage();
    page.setDefaultTimeout(15_000);
    await page.goto(`${baseURL}/destinations/trip`);
    await page.getByTestId('cart-page').waitFor();
    assert.equal(await page.getAttribute('html', 'dir'), 'rtl');
    await page.getByRole('button', { name: t(lang, 'trip.optimise') }).waitFor();
    assert.equal(await page.getByTestId('cart-stop').count(), 2);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    assert.ok(overflow <= 1, `page is ${overflow}px wider than the viewport`);
    await shot(page, 'ar-trip');
  } finally {
    await context.close();
  }
}

/** The destination page's wishlist button saves the destination to the account, in either language. */
async function destinationWishlist({ browser, baseURL }, lang) {
  const { context } = await signedInContext(browser, baseURL, lang);
  let page;
  try {
    const list = await (await fetch(`${baseURL}/api/destinations?limit=1`)).json();
    const id = list.data[0].id;
    page = await context.newPage();
    page.setDefaultTimeout(15_000);
    await page.goto(`${baseURL}/destination?id=${encodeURIComponent(id)}`);
    const save = page.getByRole('button', { name: t(lang, 'account.wishlist.save') });
    await save.click();
    const saved = page.getByRole('button', { name: t(lang, 'account.wishlist.saved') });
    await saved.waitFor();
    assert.equal(await saved.getAttribute('aria-pressed'), 'true');
    const name = (await page.locator('h1').first().innerText()).trim();
    // Kept on the account, not in the page: still saved after a reload, and listed in the wishlist.
    await page.reload();
    await page.getByRole('button', { name: t(lang, 'account.wishlist.saved') }).waitFor();
    await page.goto(`${baseURL}/account?tab=wishlist`);
    await page.locator('main').getByText(name, { exact: true }).first().waitFor();
    await shot(page, `${lang}-wishlist`);
  } catch (error) {
    if (page) await shot(page, `${lang}-wishlist-failed`).catch(() => undefined);
    throw error;
  } finally {
    await context.close();
  }
}

/** Signed in, the start page chooses the trip's own start and end: the cart holds them afterwards. */
async function startPage({ browser, baseURL }, lang) {
  const { context, token } = await signedInContext(browser, baseURL, lang);
  let page;
  try {
    page = await context.newPage();
    page.setDefaultTimeout(15_000);
    await page.goto(`${baseURL}/start`);
    await page.getByTestId('route-points').waitFor();

    // From the keyboard: Tab from "Choose on the map" reaches a pickup point's marker, which shows the
    // focus ring; Enter chooses it, and the focus stays on it when the map is drawn again.
    const startField = page.getByTestId('route-point-start');
    await startField.getByRole('button', { name: t(lang, 'checkout.points.onMap') }).click();
    await scrollToMap(startField.getByRole('region'));
    const onMarker = () => page.evaluate(() => document.activeElement?.classList.contains('points-map__marker') ?? false);
    for (let presses = 0; presses < 8 && !(await onMarker()); presses += 1) await page.keyboard.press('Tab');
    const marker = await page.evaluate(() => ({ name: document.activeElement?.getAttribute('title'), ring: getComputedStyle(document.activeElement).boxShadow }));
    assert.ok(marker.name, 'Tab never reached a marker');
    assert.match(marker.ring, /rgb\(18, 112, 121\)/, `a focused marker shows the focus ring (box-shadow: ${marker.ring})`);
    await page.keyboard.press('Enter');
    await page.getByTestId('route-point-start-chosen').filter({ hasText: marker.name }).waitFor();
    await eventually('the focus on the chosen point\'s marker', () => page.evaluate((name) => document.activeElement?.getAttribute('title') === name, marker.name), 10_000);
    await startField.getByRole('button', { name: t(lang, 'checkout.points.hideMap') }).click();

    // The list from the keyboard: the arrow keys pass over options without saving each (a save and a
    // new price per option); Enter saves the one shown, once.
    const saves = [];
    const countSave = (request) => {
      if (request.method() === 'PUT' && new URL(request.url()).pathname === '/api/auth/cart/points') saves.push(request.url());
    };
    page.on('request', countSave);
    const list = page.getByLabel(t(lang, 'points.pickupAndReturn'), { exact: true });
    await list.focus();
    for (let presses = 0; presses < 3; presses += 1) await page.keyboard.press('ArrowDown');
    const shown = await list.evaluate((select) => select.selectedOptions[0]?.textContent ?? '');
    assert.notEqual(shown, marker.name, 'the arrow keys moved through the list');
    await page.waitForTimeout(500);
    assert.equal(saves.length, 0, 'options passed over with the arrow keys were saved');
    await page.keyboard.press('Enter');
    await page.getByTestId('route-point-start-chosen').filter({ hasText: shown }).waitFor();
    assert.equal(saves.length, 1, 'the option settled on is saved once');
    page.off('request', countSave);

    await page.getByRole('tab', { name: t(lang, 'points.different') }).click();
    await page.getByLabel(t(lang, 'points.start'), { exact: true }).selectOption({ index: 1 });
    await page.getByTestId('route-point-start-chosen').waitFor();
    if (lang === 'en') {
      // English: the end is a place clicked on the map, named after what is near it (or its coordinates).
      const end = page.getByTestId('route-point-end');
      await end.getByRole('button', { name: t(lang, 'checkout.points.onMap') }).click();
      await scrollToMap(end.getByRole('region'));
      const map = end.locator('.points-map');
      const box = await map.boundingBox();
      // Away from every marker: the bottom right corner, east of the city.
      await page.mouse.click(box.x + box.width * 0.9, box.y + box.height * 0.9);
      const chosen = (await page.getByTestId('route-point-end-chosen').innerText()).trim();
      const near = t(lang, 'checkout.points.near', { place: 'X' }).replace('X', '');
      const at = t(lang, 'checkout.points.at', { coords: 'X' }).split('X')[0];
      assert.ok(chosen.includes(near) || chosen.includes(at), `end named "${chosen}"`);
    } else {
      await page.getByLabel(t(lang, 'points.end'), { exact: true }).selectOption({ index: 2 });
      await page.getByTestId('route-point-end-chosen').waitFor();
    }
    const cart = await (await fetch(`${baseURL}/api/auth/cart`, { headers: { Authorization: `Bearer ${token}` } })).json();
    assert.equal(cart.start_point?.default, false, 'the start is the traveller\'s choice');
    assert.equal(cart.end_point?.same_as_start, false, 'the end is another place');
    if (lang === 'en') assert.equal(cart.end_point.kind, 'custom', 'a place of the traveller\'s own');
    else assert.notEqual(cart.start_point.pickup_point_id, cart.end_point.pickup_point_id);
    await shot(page, `${lang}-start`);

    // A pickup point of the traveller's own (their hotel) is offered too, and starts the trip there.
    const own = await fetch(`${baseURL}/api/me/pickup-points`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ name: 'Garden City hotel', address: 'Corniche El Nil', notes: '', lat: 30.0366, lng: 31.2309 }),
    });
    assert.equal(own.status, 201, `adding a pickup point of one's own: ${own.status}`);
    await page.reload();
    const start = page.getByLabel(t(lang, 'points.start'), { exact: true });
    await start.waitFor();
    const mine = (await start.locator('option').allInnerTexts()).find((text) => text.includes('Garden City hotel'));
    assert.ok(mine, 'the traveller\'s own pickup point is offered');
    await start.selectOption({ label: mine });
    await page.getByTestId('route-point-start-chosen').filter({ hasText: 'Garden City hotel' }).waitFor();
    const after = await (await fetch(`${baseURL}/api/auth/cart`, { headers: { Authorization: `Bearer ${token}` } })).json();
    assert.equal(after.start_point?.name, 'Garden City hotel', 'the trip starts at the traveller\'s own pickup point');
  } catch (error) {
    if (page) await shot(page, `${lang}-start-failed`).catch(() => undefined);
    throw error;
  } finally {
    await context.close();
  }
}

export async function run(ctx) {
  for (const [name, flow] of [
    ['cart en: build, reorder, prices change, a second tab follows live, optimise, checkout needs two', cartFlow],
    ['cart ar: the trip page right to left', arabicTripPage],
    ['cart en: the destination page saves the destination to the wishlist', (c) => destinationWishlist(c, 'en')],
    ['cart ar: the destination page saves the destination to the wishlist', (c) => destinationWishlist(c, 'ar')],
    ['cart en: the start page writes the trip\'s start and a different end to the cart', (c) => startPage(c, 'en')],
    ['cart ar: the start page writes the trip\'s start and a different end to the cart', (c) => startPage(c, 'ar')],
  ]) {
    const started = Date.now();
    await flow(ctx);
    console.log(`ok   ${name} (${Date.now() - started} ms)`);
  }
}

await runAlone(import.meta.url, 'cart', run);
