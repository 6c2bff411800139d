#!/usr/bin/env node
// Lighthouse benchmark of the web app (part of `make bench`, not of any test's pass/fail): starts the
// built binary with demo data on its own PostgreSQL, as the browser tests do (e2e/accounts-server.mjs),
// and runs Lighthouse 12.2.3 against the system Chromium (headless) on the home page, one demo
// destination and the checkout page (as a visitor, and as a signed-in traveller with three stops in the
// cart: the form a traveller books with), in English and Arabic, as a phone and as a desktop. Prints one
// table row per run and, per run, the audits that cost points; writes each JSON report. An audit a
// page fails on purpose (EXPECTED: checkout's noindex) is reported as expected, not as a miss.
//
// It builds nothing: build the web app and then the binary first (`cd webapp && npm run build`, then
// `go build -o bin/mishwar ./cmd/mishwar`). Lighthouse is not one of the app's dependencies (it would
// be installed on every CI run, and its next major needs a newer Node): `npm exec` fetches it into npm's
// cache the first time this runs (about a minute) and reuses it afterwards.
//
// Usage (from webapp/): node scripts/lighthouse.mjs
//   MISHWAR_BIN      path of the binary (default ../bin/mishwar)
//   CHROMIUM         path of the browser (default /usr/bin/chromium)
//   LIGHTHOUSE_OUT   directory for the JSON reports (default ../bin/lighthouse)
//   LIGHTHOUSE_RUNS  runs per page, language and form factor; the row shows the run with the median
//                    performance score (default 1)
//   LIGHTHOUSE_ONLY  run only rows whose "page/lang/form factor" contains this text, e.g. "home/ar"
//   LIGHTHOUSE_FROM_REPORTS=1  run nothing: print the table of the reports already in LIGHTHOUSE_OUT

import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

import { chromium as playwright } from 'playwright-core';

import { firstId, startServer } from '../e2e/accounts-server.mjs';

const LIGHTHOUSE = 'lighthouse@12.2.3';
const here = dirname(fileURLToPath(import.meta.url));
const webapp = resolve(here, '..');
const binary = resolve(process.env.MISHWAR_BIN ?? join(webapp, '..', 'bin', 'mishwar'));
const chromium = process.env.CHROMIUM ?? '/usr/bin/chromium';
const out = resolve(process.env.LIGHTHOUSE_OUT ?? join(webapp, '..', 'bin', 'lighthouse'));
const runs = Math.max(1, Number(process.env.LIGHTHOUSE_RUNS ?? 1));
const only = process.env.LIGHTHOUSE_ONLY ?? '';
const fromReports = process.env.LIGHTHOUSE_FROM_REPORTS === '1';

const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'];
// Audits a page fails on purpose: reported as expected, not as a miss, and left out of the category
// score shown (Lighthouse's own score is shown beside it). Checkout is noindex because a cart page
// must not be in search results, which Lighthouse's is-crawlable audit scores 0 (SEO 63).
const NOINDEX = { 'is-crawlable': 'noindex on purpose: a cart page must not be in search results' };
const EXPECTED = {
  checkout: NOINDEX,
  'checkout-signed-in': NOINDEX,
};
const LANGS = { en: 'en-GB,en', ar: 'ar-EG,ar' };

for (const [path, what] of [
  [binary, 'the binary (go build -o bin/mishwar ./cmd/mishwar)'],
  [chromium, 'Chromium'],
]) {
  if (!existsSync(path)) {
    console.error(`lighthouse: ${path} not found; build or install ${what} first`);
    process.exit(1);
  }
}
mkdirSync(out, { recursive: true });

const CHROME_FLAGS = (lang) => ['--headless=new', '--no-sandbox', '--disable-gpu', `--lang=${LANGS[lang].split(',')[0]}`, `--accept-lang=${LANGS[lang]}`];

/**
 * A Chromium of our own, listening for DevTools on a free port, with the session cookie put in its
 * cookie jar: the page's own cookies (the language, the cart mirror) then go beside it, where a Cookie
 * header given to Lighthouse would be replaced by them and the traveller signed out halfway.
 */
async function signedInBrowser(lang, base, token) {
  const profile = mkdtempSync(join(tmpdir(), 'mishwar-lighthouse-'));
  const child = spawn(chromium, [...CHROME_FLAGS(lang), '--remote-debugging-port=0', `--user-data-dir=${profile}`, 'about:blank'], { stdio: ['ignore', 'ignore', 'pipe'] });
  const port = await new Promise((ok, fail) => {
    let seen = '';
    child.stderr.on('data', (chunk) => {
      seen += chunk;
      const match = /DevTools listening on ws:\/\/[^:]+:(\d+)\//.exec(seen);
      if (match) ok(Number(match[1]));
    });
    child.on('exit', (code) => fail(new Error(`chromium exited ${code}: ${seen}`)));
  });
  const browser = await playwright.connectOverCDP(`http://127.0.0.1:${port}`);
  await browser.contexts()[0].addCookies([{ name: 'authToken', value: token, url: base, httpOnly: true, sameSite: 'Lax' }]);
  await browser.close(); // disconnects; the browser stays up for Lighthouse
  return {
    port,
    async stop() {
      child.kill('SIGTERM');
      await new Promise((done) => (child.exitCode !== null ? done() : child.once('exit', done)));
      rmSync(profile, { recursive: true, force: true });
    },
  };
}

/** One Lighthouse run; resolves to its parsed JSON report. token: a traveller's session, to run signed in. */
async function lighthouseOnce(url, lang, formFactor, reportPath, token) {
  const own = token ? await signedInBrowser(lang, new URL(url).origin, token) : null;
  const args = [
    'exec',
    '--yes',
    `--package=${LIGHTHOUSE}`,
    '--',
    'lighthouse',
    url,
    '--output=json',
    `--output-path=${reportPath}`,
    `--only-categories=${CATEGORIES.join(',')}`,
    // The browser's language decides the app's (no stored choice in a fresh profile): the header for
    // the server's first HTML, the flag for navigator.languages.
    `--extra-headers=${JSON.stringify({ 'Accept-Language': LANGS[lang] })}`,
    // Signed in: our own browser, whose cookie jar a storage reset would empty (its profile is new,
    // so its cache is as empty as a reset leaves it).
    ...(own ? [`--port=${own.port}`, '--disable-storage-reset'] : [`--chrome-flags=${CHROME_FLAGS(lang).join(' ')}`]),
    '--quiet',
    ...(formFactor === 'desktop' ? ['--preset=desktop'] : []),
  ];
  try {
    return await new Promise((ok, fail) => {
      const child = spawn('npm', args, { cwd: out, env: { ...process.env, CHROME_PATH: chromium }, stdio: ['ignore', 'pipe', 'pipe'] });
      let log = '';
      child.stdout.on('data', (chunk) => (log += chunk));
      child.stderr.on('data', (chunk) => (log += chunk));
      child.on('error', fail);
      child.on('exit', (code) => {
        if (code !== 0) return fail(new Error(`lighthouse ${url} (${lang}, ${formFactor}) exited ${code}:\n${log}`));
        ok(JSON.parse(readFileSync(reportPath, 'utf8')));
      });
    });
  } finally {
    await own?.stop();
  }
}

/**
 * Lighthouse now and then fails to record a trace on a loaded machine (NO_NAVSTART, NO_FCP): a run
 * that fails is made again, up to three times; a row whose three runs fail shows the error.
 */
async function lighthouse(url, lang, formFactor, reportPath, token) {
  if (fromReports) return JSON.parse(readFileSync(reportPath, 'utf8'));
  for (let attempt = 1; ; attempt += 1) {
    try {
      const report = await lighthouseOnce(url, lang, formFactor, reportPath, token);
      if (!report.runtimeError || attempt === 3) return report;
    } catch (error) {
      if (attempt === 3) throw error;
    }
  }
}

const score = (report, id, expected = {}) => {
  const value = report.categories[id]?.score;
  if (value == null) return '—';
  const own = Math.round(value * 100);
  // The category's score without the audits failed on purpose: Lighthouse's weighted mean of the rest.
  const refs = (report.categories[id].auditRefs ?? []).filter((ref) => ref.weight > 0 && report.audits[ref.id]?.score != null);
  if (!refs.some((ref) => expected[ref.id])) return String(own);
  const kept = refs.filter((ref) => !expected[ref.id]);
  const weight = kept.reduce((sum, ref) => sum + ref.weight, 0);
  const without = Math.round((kept.reduce((sum, ref) => sum + ref.weight * report.audits[ref.id].score, 0) / weight) * 100);
  return without === own ? String(own) : `${without} (${own} with ${Object.keys(expected).filter((a) => refs.some((ref) => ref.id === a)).join(', ')} expected)`;
};
const metric = (report, id) => report.audits[id]?.numericValue;
const ms = (value) => (value == null ? '—' : value >= 1000 ? `${(value / 1000).toFixed(1)} s` : `${Math.round(value)} ms`);

/**
 * Audits of the four categories that cost points: weighted, scored below 0.9 (or failed outright).
 * Those the page fails on purpose (EXPECTED) come back apart, with the reason.
 */
function losses(report, expected = {}) {
  const seen = new Set();
  const lost = [];
  const meant = [];
  for (const id of CATEGORIES) {
    for (const ref of report.categories[id]?.auditRefs ?? []) {
      const audit = report.audits[ref.id];
      if (seen.has(ref.id) || ref.weight === 0 || audit.score === null || audit.score >= 0.9) continue;
      seen.add(ref.id);
      if (expected[ref.id]) meant.push(`${ref.id} (${expected[ref.id]})`);
      else lost.push(`${ref.id}${audit.displayValue ? ` (${audit.displayValue})` : ''}`);
    }
  }
  return { lost, meant };
}

/** The page was shown in the language asked for: the core translations it fetched are in that language. */
async function languageLoaded(report, lang, base) {
  const urls = (report.audits['network-requests']?.details?.items ?? []).map((item) => item.url).filter((u) => /\/assets\/core-[^/]*\.js$/.test(u));
  for (const u of urls) {
    // The English words name Arabic itself (the language switch): count, do not just look.
    const arabic = ((await (await fetch(new URL(new URL(u).pathname, base))).text()).match(/[\u0600-\u06FF]/g)?.length ?? 0) > 200;
    if (arabic === (lang === 'ar')) return true;
  }
  return false;
}

/** Signs a traveller up and puts three demo stops in their cart; resolves to the session token. */
async function travellerWithACart(base) {
  const email = `lighthouse-${Date.now().toString(36)}@example.com`;
  const res = await fetch(`${base}/api/register`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ first_name: 'Salma', last_name: 'Nabil', email, password: 'lighthouse-1', phone_number: '+201001234567' }),
  });
  if (!res.ok) throw new Error(`register: ${res.status} ${await res.text()}`);
  const { token } = await res.json();
  const stops = await (await fetch(`${base}/api/destinations?limit=3`)).json();
  for (const stop of stops.data) {
    const added = await fetch(`${base}/api/auth/cart`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
      body: JSON.stringify({ destination_id: stop.id }),
    });
    if (!added.ok) throw new Error(`add to cart: ${added.status} ${await added.text()}`);
  }
  return token;
}

const server = await startServer(binary);
const rows = [];
const notes = [];
try {
  const destination = await firstId(server.baseURL, '/api/destinations?limit=1');
  const traveller = fromReports ? '' : await travellerWithACart(server.baseURL);
  const pages = { home: '/', destination: `/destination?id=${destination}`, checkout: '/checkout', 'checkout-signed-in': '/checkout' };
  // Each language at its own address (the canonical and hreflang links' ?lang=ar), not English's.
  const address = (path, lang) => (lang === 'ar' ? `${path}${path.includes('?') ? '&' : '?'}lang=ar` : path);
  const started = Date.now();
  for (const [page, path] of Object.entries(pages)) {
    for (const lang of Object.keys(LANGS)) {
      for (const formFactor of ['mobile', 'desktop']) {
        const name = `${page}/${lang}/${formFactor}`;
        if (only && !name.includes(only)) continue;
        const reports = [];
        for (let i = 1; i <= runs; i += 1) {
          const reportPath = join(out, `${page}-${lang}-${formFactor}${runs > 1 ? `-${i}` : ''}.json`);
          try {
            const token = page === 'checkout-signed-in' ? traveller : undefined;
            reports.push({ report: await lighthouse(`${server.baseURL}${address(path, lang)}`, lang, formFactor, reportPath, token), reportPath });
          } catch (error) {
            notes.push(`${name}: ${String(error.message).split('\n').slice(0, 2).join(' ')}`);
          }
        }
        if (reports.length === 0) {
          rows.push([page, lang, formFactor, ...CATEGORIES.map(() => '×'), '×', '×', '×', '×']);
          continue;
        }
        reports.sort((a, b) => (a.report.categories.performance?.score ?? 0) - (b.report.categories.performance?.score ?? 0));
        const { report, reportPath } = reports[Math.floor((reports.length - 1) / 2)];
        if (report.runtimeError) notes.push(`${name}: ${report.runtimeError.code} ${report.runtimeError.message}`);
        if (!(await languageLoaded(report, lang, server.baseURL))) notes.push(`${name}: no ${lang} translation chunk was fetched; the page may not be in ${lang}`);
        rows.push([
          page,
          lang,
          formFactor,
          ...CATEGORIES.map((id) => score(report, id, EXPECTED[page])),
          ms(metric(report, 'largest-contentful-paint')),
          ms(metric(report, 'total-blocking-time')),
          metric(report, 'cumulative-layout-shift')?.toFixed(3) ?? '—',
          String(Math.round(report.environment?.benchmarkIndex ?? 0)),
        ]);
        const { lost, meant } = losses(report, EXPECTED[page]);
        notes.push(`${name} (${reportPath}): ${lost.join(', ') || 'nothing'}${meant.length ? `; expected: ${meant.join(', ')}` : ''}`);
      }
    }
  }
  // CPU index: Lighthouse's benchmarkIndex of this machine during the run. Its mobile profile slows the
  // CPU 4× on the assumption of an index of about 1,000 or more; far below it (a loaded machine) the
  // performance score and TBT say more about the machine than about the page.
  const header = ['Page', 'Language', 'Form factor', 'Performance', 'Accessibility', 'Best practices', 'SEO', 'LCP', 'TBT', 'CLS', 'CPU index'];
  console.log(`\nLighthouse ${LIGHTHOUSE.split('@')[1]}, headless ${chromium}, ${runs} run(s) each${runs > 1 ? ' (median by performance)' : ''}, ${Math.round((Date.now() - started) / 1000)} s`);
  console.log(`| ${header.join(' | ')} |`);
  console.log(`|---|---|---|${'---:|'.repeat(header.length - 3)}`);
  for (const row of rows) console.log(`| ${row.join(' | ')} |`);
  console.log('\nAudits scored below 0.9 (what costs points):');
  for (const note of notes) console.log(`- ${note}`);
} finally {
  await server.stop();
}
