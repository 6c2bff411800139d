// The translations are split in parts (src/lib/i18n.ts, MessagePart): `core` is all the home page's
// first paint waits for. These tests keep the split honest: every key a module of the home page's
// first download uses is in `core` (else the home page, or anything it shows before another screen
// loads, would print the key), no key is in two parts, and both languages carry the same parts.
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, normalize } from 'node:path';

import { describe, expect, it } from 'vitest';

import arAdmin from './ar/admin.json';
import arCore from './ar/core.json';
import arSite from './ar/site.json';
import enAdmin from './en/admin.json';
import enCore from './en/core.json';
import enSite from './en/site.json';

const parts = {
  en: { core: enCore, site: enSite, admin: enAdmin },
  ar: { core: arCore, site: arSite, admin: arAdmin },
};

function flatten(value: unknown, prefix = ''): string[] {
  if (value && typeof value === 'object') return Object.entries(value).flatMap(([key, inner]) => flatten(inner, `${prefix}${key}.`));
  return [prefix.slice(0, -1)];
}

const src = join(process.cwd(), 'src');

function resolveImport(from: string, specifier: string): string | undefined {
  let base: string;
  if (specifier.startsWith('@/')) base = join(src, specifier.slice(2));
  else if (specifier.startsWith('.')) base = normalize(join(dirname(from), specifier));
  else return undefined;
  return ['', '.ts', '.tsx', '/index.ts', '/index.tsx'].map((ext) => base + ext).find((path) => existsSync(path) && /\.tsx?$/.test(path));
}

/** The modules of the home page's first download: main.tsx and its static imports, transitively. */
function firstDownload(): string[] {
  const seen = new Set<string>();
  const queue = [join(src, 'main.tsx')];
  const staticImport = /^\s*(?:import|export)\s+(?!type\s)(?:[^'";]*?\sfrom\s+)?['"]([^'"]+)['"]/gm;
  for (let file = queue.pop(); file !== undefined; file = queue.pop()) {
    if (seen.has(file)) continue;
    seen.add(file);
    for (const match of readFileSync(file, 'utf8').matchAll(staticImport)) {
      const target = resolveImport(file, match[1] ?? '');
      if (target) queue.push(target);
    }
  }
  return [...seen];
}

/**
 * The translation keys a module may use: every string that names a key ('home.heroTitle', with its
 * plural forms and subkeys), and for a key built at run time (`currencies.${code}`) every key under
 * its fixed start.
 */
function keysUsedBy(source: string, known: string[]): string[] {
  const used = new Set<string>();
  for (const match of source.matchAll(/['"`]([a-zA-Z]+(?:\.[\w${}.]+)+)['"`]/g)) {
    const text = match[1] ?? '';
    const dynamic = text.indexOf('${');
    const matches =
      dynamic >= 0
        ? (key: string) => key.startsWith(text.slice(0, dynamic))
        : (key: string) => key === text || key.startsWith(`${text}_`) || key.startsWith(`${text}.`);
    for (const key of known) if (matches(key)) used.add(key);
  }
  return [...used];
}

describe('translation parts', () => {
  it.each(['en', 'ar'] as const)('holds in core every key the home page’s first download uses (%s)', (language) => {
    const all = Object.values(parts[language]).flatMap((part) => flatten(part));
    const core = new Set(flatten(parts[language].core));
    const modules = firstDownload();
    expect(modules.length).toBeGreaterThan(20);
    const missing = modules.flatMap((file) => keysUsedBy(readFileSync(file, 'utf8'), all).filter((key) => !core.has(key)).map((key) => `${key} (${file.slice(src.length + 1)})`));
    expect(missing).toEqual([]);
  });

  it.each(['en', 'ar'] as const)('puts each key in one part only (%s)', (language) => {
    const all = Object.values(parts[language]).flatMap((part) => flatten(part));
    expect(all.filter((key, index) => all.indexOf(key) !== index)).toEqual([]);
  });

  it('splits both languages alike', () => {
    const base = (part: object) => new Set(flatten(part).map((key) => key.replace(/_(zero|one|two|few|many|other)$/, '')));
    for (const part of ['core', 'site', 'admin'] as const) expect(base(parts.ar[part])).toEqual(base(parts.en[part]));
  });
});
