#!/usr/bin/env node
// Browser tests of the web app against the real binary: `bin/mishwar serve` on a free loopback port
// with a throwaway data directory (it starts its own PostgreSQL there), driven by playwright-core
// through the system Chromium. This runner owns the server and the browser: it runs the shell checks
// below (every route of spec section 2 in English and Arabic on a desktop and a phone, redirects,
// guards, 404, panels, language switch), then every other e2e/*.mjs suite that exports
// `run({ browser, baseURL, adminEmail, adminPassword })`. Usage (from webapp/): node e2e/run.mjs
//   MISHWAR_BIN  path of the binary (default ../bin/mishwar)
//   CHROMIUM     path of the browser (default /usr/bin/chromium)
//   E2E_FILTER   run only checks whose name contains this text
//   MISHWAR_FAKECLOCK_BIN  a binary built with `-tags fakeclock` (default: built into ../bin/mishwar-fakeclock
//                when a suite first asks for one, see startFakeClock)
// Screenshots go to webapp/test-output/screenshots/ (git-ignored). The last line of output is
// "N passed, M failed"; the exit code is non-zero when anything failed.

import { spawnSync } from 'node:child_process';
import { mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

import { chromium } from 'playwright-core';

import { firstId, startServer } from './accounts-server.mjs';
import { fitsTheScreen, messages, t } from './helpers.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const webapp = resolve(here, '..');
const binary = process.env.MISHWAR_BIN ?? resolve(webapp, '..', 'bin', 'mishwar');
const browserPath = process.env.CHROMIUM ?? '/usr/bin/chromium';
const filter = process.env.E2E_FILTER ?? '';
const shots = join(webapp, 'test-output', 'screenshots');
mkdirSync(shots, { recursive: true });

const VIEWPORTS = {
  desktop: { viewport: { width: 1280, height: 820 }, isMobile: false, hasTouch: false },
  phone: { viewport: { width: 360, height: 760 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 },
};
const LANGS = { en: 'en-GB', ar: 'ar-EG' };

// ---------- a tiny test runner ----------
const results = [];
async function check(name, fn) {
  if (filter && !name.includes(filter)) return;
  const started = Date.now();
  try {
    await fn();
    results.push({ name, ok: true });
    console.log(`ok   ${name} (${Date.now() - started} ms)`);
  } catch (error) {
    results.push({ name, ok: false, error });
    // The whole message (an assertion lists what it found), then where it was thrown.
    const message = String(error?.message ?? error).split('\n').slice(0, 40);
    const where = String(error?.stack ?? '').split('\n').filter((line) => line.trim().startsWith('at ')).slice(0, 3);
    console.log(`FAIL ${name}\n     ${[...message, ...where].join('\n     ')}`);
  }
}
function assert(condition, message) {
  if (!condition) throw new Error(message);
}

// ---------- helpers ----------
async function newContext(browser, view, lang, extra = {}) {
  const context = await browser.newContext({ ...VIEWPORTS[view], locale: LANGS[lang], ...extra });
  context.setDefaultTimeout(15_000);
  return context;
}

async function openPage(context, errors) {
  const page = await context.newPage();
  page.on('pageerror', (err) => errors.push(String(err)));
  return page;
}

async function settle(page) {
  // Every screen has a title; a screen whose record is missing shows its empty state's title.
  await page.waitForSelector('h1, .empty-state__title', { state: 'visible' });
  // Skeletons and spinners give way to content or an empty state.
  await page.waitForFunction(() => !document.querySelector('[aria-busy="true"], .page-spinner'), null, { timeout: 10_000 }).catch(() => undefined);
}

async function heading(page) {
  return (await page.locator('h1, .empty-state__title').first().innerText()).trim();
}

// Every key of the app's translations (all parts, both languages' key names are the same).
const translationKeys = new Set(
  (function flatten(value, prefix = '') {
    if (value && typeof value === 'object') return Object.entries(value).flatMap(([key, inner]) => flatten(inner, `${prefix}${key}.`));
    return [prefix.slice(0, -1)];
  })(messages('en')),
);

/** A screen whose words are not loaded prints their keys ("about.title"): none may show. */
async function noRawKeys(page) {
  const text = await page.evaluate(() => document.body.innerText);
  const shown = [...text.matchAll(/[A-Za-z]+(?:\.[A-Za-z0-9_]+)+/g)].map((match) => match[0]).filter((word) => translationKeys.has(word));
  assert(shown.length === 0, `untranslated keys on the page: ${[...new Set(shown)].join(', ')}`);
}

const slug = (path) => (path === '/' ? 'home' : path.replace(/^\//, '').replace(/[^a-z0-9]+/gi, '-').replace(/-$/, ''));

// ---------- the routes of spec section 2 ----------
function routeTable(ids) {
  return {
    public: [
      '/',
      '/about',
      '/rates',
      '/start',
      '/terms',
      '/privacy',
      '/points',
      '/program',
      `/program/${ids.program}`,
      '/payments',
      '/payments/unknown-payment',
      '/checkout',
      '/programs',
      '/categories',
      '/tripstatus',
      '/destination',
      `/destination?id=${ids.destination}`,
      '/destinations',
      '/destinations/trip',
      '/signin',
      '/signup',
      '/forgot-password',
      '/admin/login',
      '/admin/password-reset',
    ],
    redirects: [
      ['/test', '/'],
      ['/productss', '/programs'],
      ['/mapppp', '/points'],
      ['/about/stable', '/about'],
      ['/checkout/stable', '/checkout'],
      ['/destinations/stable', '/destinations'],
      ['/create', '/signup'],
      ['/reset-password', '/forgot-password'],
    ],
    user: ['/account', '/account/order/o-1', '/account/order/o-1/cancel', '/account/order/o-1/refund', '/account/order/o-1/exchange'],
    admin: [
      '/admin/dashboard',
      '/admin/home',
      '/admin/home/edit',
      '/admin/rate',
      '/admin/rate/edit',
      '/admin/rate/create',
      '/admin/offer',
      '/admin/offer/edit',
      '/admin/offer/create',
      '/admin/trip',
      '/admin/manifest',
      '/admin/planner',
      '/admin/driver',
      '/admin/driver/edit',
      '/admin/driver/create',
      '/admin/country',
      '/admin/country/edit',
      '/admin/country/create',
      '/admin/category',
      '/admin/category/edit',
      '/admin/category/create',
      '/admin/destination',
      '/admin/destination/edit',
      '/admin/destination/create',
      '/admin/programes',
      '/admin/programes/create',
      '/admin/purchase_order',
      '/admin/process-steps',
    ],
  };
}

const MAIN_SCREENS = new Set(['/', '/destinations', '/programs', '/categories', '/rates', '/about', '/checkout', '/destinations/trip', '/tripstatus', '/points', '/signin', '/signup', '/admin/login', '/account', '/admin/dashboard', '/admin/destination', '/admin/rate/create']);


async function signInAs(page, base, path, email, password) {
  await page.goto(`${base}${path}`);
  await page.getByLabel(/E-mail|البريد الإلكتروني/).first().fill(email);
  await page.getByLabel(/^Password$|^كلمة المرور$/).first().fill(password);
  await page.locator('main form button[type="submit"]').click();
}

// A second binary whose clock starts where a test says (MISHWAR_FAKE_NOW); production builds cannot.
let fakeClockBinary = process.env.MISHWAR_FAKECLOCK_BIN;
function fakeClockBin() {
  if (fakeClockBinary) return fakeClockBinary;
  const out = resolve(webapp, '..', 'bin', 'mishwar-fakeclock');
  const built = spawnSync('go', ['build', '-tags', 'fakeclock', '-o', out, './cmd/mishwar'], { cwd: resolve(webapp, '..'), encoding: 'utf8' });
  if (built.status !== 0) throw new Error(`go build -tags fakeclock: ${built.status}\n${built.stderr}`);
  fakeClockBinary = out;
  return out;
}

// ---------- the checks ----------
async function main() {
  const server = await startServer(binary);
  const browser = await chromium.launch({
    executablePath: browserPath,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-dev-shm-usage'],
  });
  const base = server.baseURL;
  server.admin = { email: server.adminEmail, password: server.adminPassword };
  try {
    const ids = { program: await firstId(base, '/api/programs'), destination: await firstId(base, '/api/destinations?limit=1') };
    const routes = routeTable(ids);
    const traveller = { email: `e2e-${Date.now()}@example.com`, password: 'Safari-2025!' };

    for (const lang of ['en', 'ar']) {
      for (const view of ['desktop', 'phone']) {
        const tag = `${lang}/${view}`;
        const errors = [];
        const context = await newContext(browser, view, lang);
        const page = await openPage(context, errors);

        for (const path of routes.public) {
          await check(`${tag} ${path} renders its screen`, async () => {
            const response = await page.goto(`${base}${path}`);
            assert(response && response.status() === 200, `HTTP ${response?.status()}`);
            await settle(page);
            const h1 = await heading(page);
            assert(h1.length > 0, 'empty h1');
            assert(!/Page not found|الصفحة غير موجودة/.test(h1), `known route shows "${h1}"`);
            assert((await page.getAttribute('html', 'dir')) === (lang === 'ar' ? 'rtl' : 'ltr'), 'wrong dir');
            assert((await page.getAttribute('html', 'lang')) === lang, 'wrong lang');
            await noRawKeys(page);
            await fitsTheScreen(page, `${tag} ${path}`, { lang });
            if (MAIN_SCREENS.has(path)) await page.screenshot({ path: join(shots, `${lang}-${view}-${slug(path)}.png`), fullPage: view === 'desktop' });
          });
        }

        for (const [from, to] of routes.redirects) {
          await check(`${tag} ${from} redirects to ${to}`, async () => {
            await page.goto(`${base}${from}`);
            await page.waitForURL((url) => url.pathname === to);
            await settle(page);
          });
        }

        await check(`${tag} /admin/home/bla bla redirects to /admin/home (admin login when signed out)`, async () => {
          await page.goto(`${base}/admin/home/bla%20bla`);
          await page.waitForURL((url) => url.pathname === '/admin/login' && url.searchParams.get('redirect') === '/admin/home');
        });

        for (const path of [...routes.user, ...routes.admin]) {
          const login = path.startsWith('/admin') ? '/admin/login' : '/signin';
          await check(`${tag} ${path} sends a signed-out visitor to ${login}`, async () => {
            await page.goto(`${base}${path}`);
            await page.waitForURL((url) => url.pathname === login && url.searchParams.get('redirect') === path);
            await settle(page);
          });
        }

        await check(`${tag} unknown path answers 404 with the page-not-found screen`, async () => {
          const response = await page.goto(`${base}/no/such/place`);
          assert(response?.status() === 404, `HTTP ${response?.status()}`);
          await settle(page);
          const expected = lang === 'ar' ? 'الصفحة غير موجودة: /no/such/place' : 'Page not found: /no/such/place';
          assert((await heading(page)) === expected, `h1 is "${await heading(page)}"`);
          assert((await page.locator('main a[href="/"]').count()) > 0, 'no link home');
          await page.screenshot({ path: join(shots, `${lang}-${view}-404.png`) });
        });

        await check(`${tag} /404 shows the page-not-found screen`, async () => {
          await page.goto(`${base}/404`);
          await settle(page);
          assert(/404/.test(await heading(page)), `h1 is "${await heading(page)}"`);
        });

        await check(`${tag} header panels: one open at a time, toggle, Escape returns focus`, async () => {
          await page.goto(`${base}/about`);
          await settle(page);
          const set = view === 'desktop' ? 'desktop' : 'phone';
          const toggle = (id) => page.locator(`#panel-toggle-${set}-${id}`);
          const panel = (id) => page.locator(`#panel-${set}-${id}`);
          await toggle('destinations').click();
          await panel('destinations').waitFor();
          assert((await toggle('destinations').getAttribute('aria-expanded')) === 'true', 'destinations not expanded');
          if (set === 'phone') {
            // On a phone a panel is a sheet over the page, a modal dialog: the focus is in it and
            // stays there, the page behind (the tab bar too) is inert; Escape gives the focus back.
            assert((await panel('destinations').getAttribute('aria-modal')) === 'true', 'the sheet is not modal');
            for (let i = 0; i < 8; i += 1) {
              await page.keyboard.press('Tab');
              assert(await panel('destinations').evaluate((el) => el.contains(document.activeElement)), 'Tab left the sheet for the page behind');
            }
            assert(await page.locator('.tabbar').evaluate((el) => el.inert), 'the tab bar behind the sheet is not inert');
            await page.keyboard.press('Escape');
            await panel('destinations').waitFor({ state: 'detached' });
            assert(await toggle('destinations').evaluate((el) => el === document.activeElement), 'focus not returned to the tab');
            await toggle('programs').click();
          } else {
            await toggle('programs').click();
          }
          await panel('programs').waitFor();
          assert((await panel('destinations').count()) === 0, 'two panels open');
          assert((await toggle('destinations').getAttribute('aria-expanded')) === 'false', 'destinations still expanded');
          await page.screenshot({ path: join(shots, `${lang}-${view}-panel-programs.png`) });
          // A sheet's tab is behind it (inert): Escape closes it; a dropdown's button closes it again.
          if (set === 'phone') await page.keyboard.press('Escape');
          else await toggle('programs').click();
          await panel('programs').waitFor({ state: 'detached' });
          await toggle('languages').click();
          await panel('languages').waitFor();
          await page.keyboard.press('Escape');
          await panel('languages').waitFor({ state: 'detached' });
          assert(await toggle('languages').evaluate((el) => el === document.activeElement), 'focus not returned to the toggle');
        });

        await check(`${tag} cart: signed-out visitor is asked to sign in`, async () => {
          await page.goto(`${base}/about`);
          await settle(page);
          if (view === 'desktop') {
            await page.locator('#panel-toggle-desktop-cart').click();
            await page.locator('#panel-desktop-cart').getByRole('link', { name: /Sign in|تسجيل الدخول/ }).waitFor();
          } else {
            await page.locator('button[aria-controls="cart-drawer"]').click();
            await page.locator('dialog.drawer[open]').getByRole('link', { name: /Sign in|تسجيل الدخول/ }).waitFor();
            await page.screenshot({ path: join(shots, `${lang}-${view}-cart-drawer.png`) });
            await page.keyboard.press('Escape');
          }
        });

        await check(`${tag} no script errors`, async () => {
          assert(errors.length === 0, errors.join('\n'));
        });
        await context.close();
      }
    }

    await check('language switch: English → Arabic is applied and remembered', async () => {
      const context = await newContext(browser, 'desktop', 'en');
      const page = await context.newPage();
      await page.goto(`${base}/programs`);
      await settle(page);
      assert((await page.getAttribute('html', 'dir')) === 'ltr', 'not ltr at first');
      await page.locator('#panel-toggle-desktop-languages').click();
      await page.getByRole('button', { name: 'العربية' }).click();
      await page.waitForFunction(() => document.documentElement.dir === 'rtl' && document.documentElement.lang === 'ar');
      assert((await heading(page)) === 'البرامج', `h1 is "${await heading(page)}"`);
      const cookies = await context.cookies(base);
      assert(cookies.some((c) => c.name === 'lang' && c.value === 'ar'), 'no lang=ar cookie');
      await page.reload();
      await settle(page);
      assert((await page.getAttribute('html', 'dir')) === 'rtl', 'choice not remembered after reload');
      await context.close();
    });

    await check('first visit follows an Arabic browser', async () => {
      const context = await newContext(browser, 'desktop', 'ar');
      const page = await context.newPage();
      await page.goto(`${base}/`);
      await settle(page);
      assert((await page.getAttribute('html', 'dir')) === 'rtl', 'not rtl');
      await context.close();
    });

    // The canonical and hreflang links give Arabic its own address (?lang=ar): an English browser
    // that follows one (a shared link, a search engine) must get the Arabic page, not the server's
    // Arabic head under an English app; a switch afterwards rewrites the address it would reload.
    await check('an address that names Arabic shows Arabic in an English browser, and a switch rewrites it', async () => {
      const context = await newContext(browser, 'desktop', 'en');
      const page = await context.newPage();
      await page.goto(`${base}/programs?lang=ar`);
      await settle(page);
      assert((await page.getAttribute('html', 'dir')) === 'rtl', 'not rtl');
      assert((await heading(page)) === 'البرامج', `h1 is "${await heading(page)}"`);
      await page.locator('#panel-toggle-desktop-languages').click();
      await page.getByRole('button', { name: 'English' }).click();
      await page.waitForFunction(() => document.documentElement.lang === 'en');
      assert(new URL(page.url()).searchParams.get('lang') === 'en', `address is ${page.url()}`);
      await page.reload();
      await settle(page);
      assert((await heading(page)) === 'Programs', `after reload h1 is "${await heading(page)}"`);
      await context.close();
    });

    await check('a bot gets a bare 404 for an unknown path', async () => {
      const res = await fetch(`${base}/no/such/place`, { headers: { 'User-Agent': 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)' } });
      const body = await res.text();
      assert(res.status === 404, `HTTP ${res.status}`);
      assert(!body.includes('id="root"'), 'bot got the app shell');
    });

    // A moment offline: the code of a header panel, or of a page not opened before, cannot be fetched.
    // The app says so in the visitor's language where that part goes (never React Router's raw error
    // page) and loads it when the connection is back, with its stylesheet.
    for (const lang of ['en', 'ar']) {
      await check(`${lang}/desktop a moment offline: the sign-in panel and a page not opened before say so, and load when back online`, async () => {
        const context = await newContext(browser, 'desktop', lang);
        const errors = [];
        const page = await openPage(context, errors);
        try {
          await page.goto(`${base}/destinations`);
          await settle(page);
          await context.setOffline(true);
          await page.locator('#panel-toggle-desktop-login').click();
          const panel = page.locator('#panel-desktop-login');
          await panel.getByText(t(lang, 'common.offline')).waitFor();
          await panel.getByText(t(lang, 'common.offlineHint')).waitFor();
          assert((await page.getByText('Unexpected Application Error').count()) === 0, 'the raw error page');
          await page.screenshot({ path: join(shots, `${lang}-desktop-offline-panel.png`) });
          await context.setOffline(false);
          await panel.locator('input[type="email"]').waitFor();
          await page.keyboard.press('Escape');

          // The rates: the booking screens' code and stylesheet, never fetched on this visit.
          await context.setOffline(true);
          await page.locator('a[href="/rates"]:visible').first().click();
          await page.locator('main').getByText(t(lang, 'common.offline')).waitFor();
          assert(await page.locator('#panel-toggle-desktop-login').isVisible(), 'the header stays');
          await page.screenshot({ path: join(shots, `${lang}-desktop-offline-page.png`) });
          await context.setOffline(false);
          await page.getByRole('heading', { level: 1, name: t(lang, 'rates.title') }).waitFor();
          const unstyled = await page.evaluate(() => [...document.querySelectorAll('link[rel="stylesheet"]')].filter((link) => !link.sheet).map((link) => link.href));
          assert(unstyled.length === 0, `stylesheets that never loaded: ${unstyled.join(', ')}`);
          await noRawKeys(page);
          assert(errors.length === 0, errors.join('\n'));
        } finally {
          await context.close();
        }
      });
    }

    // Signed in: a new traveller, then the demo admin.
    for (const view of ['desktop', 'phone']) {
      for (const lang of ['en', 'ar']) {
        const tag = `${lang}/${view}`;
        const context = await newContext(browser, view, lang);
        const errors = [];
        const page = await openPage(context, errors);
        const email = `${lang}-${view}-${traveller.email}`;

        await check(`${tag} sign up, then the account pages render`, async () => {
          await page.goto(`${base}/signup?redirect=${encodeURIComponent('/account')}`);
          await settle(page);
          await page.locator('input[autocomplete="name"]').fill(lang === 'ar' ? 'سلمى حسن' : 'Salma Hassan');
          await page.locator('input[type="email"]').fill(email);
          await page.locator('input[type="tel"]').fill('+20 100 123 4567');
          await page.locator('input[type="password"]').fill(traveller.password);
          await page.locator('main form button[type="submit"]').click();
          await page.waitForURL((url) => url.pathname === '/account' || url.pathname === '/signin', { timeout: 20_000 });
          if (new URL(page.url()).pathname === '/signin') {
            await page.locator('input[type="email"]').fill(email);
            await page.locator('input[type="password"]').fill(traveller.password);
            await page.locator('main form button[type="submit"]').click();
            await page.waitForURL((url) => url.pathname === '/account');
          }
          for (const path of routes.user) {
            await page.goto(`${base}${path}`);
            await settle(page).catch((error) => {
              throw new Error(`${path}: ${error.message.split('\n')[0]}`);
            });
            assert(new URL(page.url()).pathname === path, `ended on ${page.url()}`);
            const h1 = await heading(page);
            assert(h1.length > 0 && !/Page not found|الصفحة غير موجودة/.test(h1), `h1 is "${h1}"`);
            await fitsTheScreen(page, `${tag} ${path}`, { lang });
            if (path === '/account') await page.screenshot({ path: join(shots, `${lang}-${view}-account.png`), fullPage: view === 'desktop' });
          }
        });

        await check(`${tag} checkout with a cart fits the screen, with one start and end or two`, async () => {
          const destinations = (await (await context.request.get(`${base}/api/destinations`)).json()).data;
          for (const d of destinations.slice(0, 2)) {
            const res = await context.request.post(`${base}/api/auth/cart`, { data: { destination_id: d.id } });
            assert(res.ok(), `add to cart: HTTP ${res.status()}`);
          }
          await page.goto(`${base}/checkout`);
          await settle(page);
          await fitsTheScreen(page, `${tag} /checkout`, { lang });
          await page.getByRole('tab', { name: t(lang, 'points.different') }).click();
          await fitsTheScreen(page, `${tag} /checkout, different start and end`, { lang });
          await page.screenshot({ path: join(shots, `${lang}-${view}-checkout-different.png`), fullPage: view === 'desktop' });
        });

        await check(`${tag} a traveller cannot open the admin area`, async () => {
          await page.goto(`${base}/admin/dashboard`);
          await page.waitForURL((url) => url.pathname === '/admin/login');
        });
        await context.close();

        const adminContext = await newContext(browser, view, lang);
        const adminPage = await openPage(adminContext, errors);
        await check(`${tag} admin signs in and every admin route renders`, async () => {
          assert(server.admin.email && server.admin.password, 'the demo admin credentials were not in the server log');
          await signInAs(adminPage, base, `/admin/login?redirect=${encodeURIComponent('/admin/dashboard')}`, server.admin.email, server.admin.password);
          await adminPage.waitForURL((url) => url.pathname === '/admin/dashboard');
          for (const path of routes.admin) {
            await adminPage.goto(`${base}${path}`);
            await settle(adminPage);
            // An edit page opened without the record to edit goes to its list (the home content's
            // editor edits the one home there is).
            const lands = path.endsWith('/edit') && path !== '/admin/home/edit' ? path.slice(0, -'/edit'.length) : path;
            assert(new URL(adminPage.url()).pathname === lands, `${path} ended on ${adminPage.url()}`);
            const h1 = await heading(adminPage);
            assert(h1.length > 0 && !/Page not found|الصفحة غير موجودة/.test(h1), `${path}: h1 is "${h1}"`);
            await noRawKeys(adminPage);
            await fitsTheScreen(adminPage, `${tag} ${path}`, { lang });
            if (MAIN_SCREENS.has(path)) await adminPage.screenshot({ path: join(shots, `${lang}-${view}-${slug(path)}.png`), fullPage: view === 'desktop' });
          }
          await adminPage.goto(`${base}/admin/home/bla%20bla`);
          await adminPage.waitForURL((url) => url.pathname === '/admin/home');
        });
        await check(`${tag} no script errors when signed in`, async () => {
          assert(errors.length === 0, errors.join('\n'));
        });
        await adminContext.close();
      }
    }

    // The feature suites, on the same server and browser.
    for (const file of readdirSync(here).filter((f) => f.endsWith('.mjs') && !['run.mjs', 'accounts-server.mjs', 'helpers.mjs'].includes(f)).sort()) {
      const suite = await import(pathToFileURL(join(here, file)).href);
      if (typeof suite.run !== 'function') continue;
      await check(`suite ${file}`, () =>
        suite.run({
          browser,
          baseURL: base,
          adminEmail: server.adminEmail,
          adminPassword: server.adminPassword,
          addUser: server.addUser,
          sql: server.sql,
          /** Starts `mishwar serve` of the fakeclock build on the same database, its clock at `instant` (RFC 3339). */
          startFakeClock: (instant) => server.startSibling(fakeClockBin(), { MISHWAR_FAKE_NOW: instant }),
        }),
      );
    }
  } finally {
    await browser.close();
    await server.stop();
    // The server's log beside the screenshots, to read a failure's other side.
    writeFileSync(join(shots, '..', 'server.log'), server.log());
  }

  const failed = results.filter((r) => !r.ok).length;
  console.log(`\nscreenshots: ${shots}`);
  console.log(`${results.length - failed} passed, ${failed} failed`);
  process.exit(failed ? 1 : 0);
}

main().catch((error) => {
  console.error(error);
  console.log(`0 passed, 1 failed`);
  process.exit(1);
});
