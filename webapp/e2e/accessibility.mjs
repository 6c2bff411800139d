// Accessibility of every signed-in screen, checked by axe-core (the engine Lighthouse's audits run)
// in real Chromium: a traveller's (with an order, and stops in the cart) and the admin area, in English
// and Arabic, on a 360 px phone and a desktop. A violation fails the check with the rule, the element
// and axe's summary. The shell checks of run.mjs cover the signed-out screens' looks; this covers what
// a screen reader, a keyboard or a voice user meets once signed in.
//
// Left out on purpose (`violations`): label-content-name-mismatch on controls that show a chosen value
// (the day picker's button, a select): their name is their field's label, as a native select's is,
// and axe reads the value shown as the label.

import assert from 'node:assert/strict';

import axe from 'axe-core';

import { apiJSON, orderAwaitingPayment, signIn, VIEWS } from './helpers.mjs';

const PASSWORD = 'axe-check-1';
const AXE = axe.source; // the engine's own script, put into each page

const TRAVELLER_PAGES = ['/', '/destinations', '/programs', '/program/islamic-cairo-day', '/trip', '/checkout', '/account', '/account?tab=password', '/account?tab=orders', '/account?tab=addresses', '/account?tab=points', '/account?tab=wishlist', '/notifications', '/tripstatus', '/rates', '/points'];
const ADMIN_PAGES = ['/admin/dashboard', '/admin/home', '/admin/rate', '/admin/offer', '/admin/trip', '/admin/driver', '/admin/destination', '/admin/destination/create', '/admin/programes', '/admin/purchase_order', '/admin/planner', '/admin/manifest', '/admin/reviews', '/admin/process-steps', '/admin/mailbox', '/support'];

/** axe's violations on the page as it is now, but those on value-showing controls' names. */
async function violations(page) {
  await page.evaluate(AXE);
  const found = await page.evaluate(async () => (await window.axe.run(document, { resultTypes: ['violations'] })).violations);
  return found.flatMap((v) =>
    v.nodes
      .filter((node) => !(v.id === 'label-content-name-mismatch' && node.html && /class="[^"]*day-picker__value|^<select/.test(node.html)))
      .map((node) => `${v.id} (${v.impact}): ${node.target.join(' ')}: ${node.failureSummary.split('\n').slice(0, 2).join(' ')}`),
  );
}

export async function run({ browser, baseURL, adminEmail, adminPassword }) {
  const { context, email, trip } = await orderAwaitingPayment(browser, baseURL, 'en', { emailPrefix: 'axe', password: PASSWORD });
  try {
    const destinations = (await apiJSON(await context.request.get(`${baseURL}/api/destinations?limit=3`), 'destinations')).data;
    for (const d of destinations) await context.request.post(`${baseURL}/api/auth/cart`, { data: { destination_id: d.id } });
  } finally {
    await context.close();
  }
  const who = [
    { role: 'traveller', email, password: PASSWORD, pages: [...TRAVELLER_PAGES, `/account/order/${trip}`] },
    { role: 'admin', email: adminEmail, password: adminPassword, pages: ADMIN_PAGES },
  ];
  const failures = [];
  for (const lang of ['en', 'ar']) {
    for (const view of Object.keys(VIEWS)) {
      for (const { role, email: address, password, pages } of who) {
        const signedIn = await signIn(browser, baseURL, lang, address, password, view, { bypassCSP: true });
        try {
          const page = await signedIn.newPage();
          for (const path of pages) {
            await page.goto(`${baseURL}${path}`);
            await page.locator('main').first().waitFor();
            // Settled: its answers in (the live channel may keep the network from ever idling).
            await page.waitForLoadState('networkidle', { timeout: 5_000 }).catch(() => undefined);
            for (const v of await violations(page)) failures.push(`${lang}/${view} ${role} ${path}: ${v}`);
          }
        } finally {
          await signedIn.close();
        }
      }
    }
  }
  assert.deepEqual(failures, [], `axe found:\n${failures.join('\n')}`);
}
