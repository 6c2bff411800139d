#!/usr/bin/env node
// The home page's JavaScript budget, run after every `vite build` (npm run build): the entry chunk and
// every chunk it imports statically (the ones index.html modulepreloads), gzipped at level 9 as the
// server sends them, must stay within BUDGET_BYTES. Lazy chunks (admin, support, dispatch, the map) do not count:
// a visitor on the home page never downloads them. Prints what it measured; exits non-zero when the
// budget is exceeded or the build's manifest does not match index.html.

import { readFileSync, rmSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

// The goal was 150 kB and the measure is 146 kB: React, React Router's declarative core, i18next,
// TanStack Query, the shell and the home page's words in the visitor's one language (Arabic's, 3.7 kB,
// are the larger). Out of the first download: the other language, the other screens' words (they load
// with those screens), zod (response schemas load with their responses), react-toastify (with the
// first toast), React Router's data router, every staff, driver and map screen. The budget holds the
// line, so nothing new slips in: lower it when the measure falls, never raise it to pass.
const BUDGET_BYTES = 150_000;

const dist = resolve(dirname(fileURLToPath(import.meta.url)), '..', 'dist');
const manifest = JSON.parse(readFileSync(join(dist, '.vite', 'manifest.json'), 'utf8'));
// dist/ is embedded in the binary and served as it is: the manifest is only for this check.
rmSync(join(dist, '.vite'), { recursive: true, force: true });

// The boot module (src/boot.ts, an entry of its own) starts the app's entry after the first paint.
const BOOT_KEY = 'src/boot.ts';
const boot = manifest[BOOT_KEY];
if (!boot?.isEntry) fail(`the manifest has no boot entry ${BOOT_KEY}`);
if (boot.imports?.length || boot.css?.length) fail(`the boot module imports other chunks (${[...(boot.imports ?? []), ...(boot.css ?? [])].join(', ')}); it must stay one small file`);
const entries = Object.entries(manifest).filter(([key, chunk]) => chunk.isEntry && key !== BOOT_KEY);
if (entries.length !== 1) fail(`expected one app entry chunk in the manifest, found ${entries.length}`);

// The entry and its static imports, transitively; dynamic imports are where lazy code starts.
const initial = new Map();
(function walk(key) {
  const chunk = manifest[key];
  if (!chunk) fail(`the manifest has no chunk ${key}`);
  if (initial.has(chunk.file)) return;
  initial.set(chunk.file, { key, chunk });
  for (const imported of chunk.imports ?? []) walk(imported);
})(entries[0][0]);

const lazyInInitial = [...initial.values()].filter(({ chunk }) => chunk.isDynamicEntry);
if (lazyInInitial.length) fail(`lazily loaded modules are in the home page's download: ${lazyInInitial.map(({ key }) => key).join(', ')}`);

// index.html must load exactly these scripts, or the measure is of the wrong thing.
const html = readFileSync(join(dist, 'index.html'), 'utf8');
const loaded = new Set(
  [...html.matchAll(/<(?:script[^>]*\ssrc|link[^>]*rel="modulepreload"[^>]*\shref)="\/([^"]+\.js)"/g)].map((match) => match[1]),
);
if (!loaded.delete(boot.file)) fail(`index.html does not load /${boot.file}, which starts the app`);
initial.set(boot.file, { key: BOOT_KEY, chunk: boot });
const counted = new Set(initial.keys());
const missing = [...loaded].filter((file) => !counted.has(file));
if (missing.length) fail(`index.html loads scripts the manifest walk did not find: ${missing.join(', ')}`);

const kB = (bytes) => `${(bytes / 1000).toFixed(2)} kB`;
let total = 0;
console.log("home page's initial JavaScript (gzip -9):");
for (const file of initial.keys()) {
  const size = gzipSync(readFileSync(join(dist, file)), { level: 9 }).length;
  total += size;
  console.log(`  ${file.padEnd(48)} ${kB(size).padStart(10)}`);
}
// The translations are lazy chunks per language and part, yet every visitor fetches one language's
// core part (the home page's words) before the first paint: the larger of them counts, so the measure
// is what a visitor really downloads first. The other parts load with the screens that need them.
const languages = Object.entries(manifest).filter(([key]) => /(^|\/)locales\/[a-z]{2}\/core\.json$/.test(key));
if (languages.length === 0) fail('the manifest has no core translation chunks (src/locales/<lang>/core.json)');
let largest = { file: '', size: 0 };
for (const [, chunk] of languages) {
  const size = gzipSync(readFileSync(join(dist, chunk.file)), { level: 9 }).length;
  if (size > largest.size) largest = { file: chunk.file, size };
}
total += largest.size;
console.log(`  ${(largest.file + ' (translations)').padEnd(48)} ${kB(largest.size).padStart(10)}`);
console.log(`  ${'total'.padEnd(48)} ${kB(total).padStart(10)}  (budget ${kB(BUDGET_BYTES)})`);
if (total > BUDGET_BYTES) fail(`the home page's initial JavaScript is ${kB(total)} gzipped, over the ${kB(BUDGET_BYTES)} budget`);

function fail(message) {
  console.error(`check-budget: ${message}`);
  process.exit(1);
}
