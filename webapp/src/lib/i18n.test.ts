import { describe, expect, it } from 'vitest';

import arAdmin from '@/locales/ar/admin.json';
import arCore from '@/locales/ar/core.json';
import arSite from '@/locales/ar/site.json';
import enAdmin from '@/locales/en/admin.json';
import enCore from '@/locales/en/core.json';
import enSite from '@/locales/en/site.json';

import { createI18n, detectLanguage, directionOf, matchLanguage } from './i18n';

describe('language detection', () => {
  it('follows the browser on a first visit', () => {
    expect(detectLanguage({ browser: ['ar-EG', 'en-US'] })).toBe('ar');
    expect(detectLanguage({ browser: ['fr-FR', 'en-GB'] })).toBe('en');
  });

  it('prefers the visitor’s remembered choice over the browser', () => {
    expect(detectLanguage({ stored: 'en', browser: ['ar'] })).toBe('en');
    expect(detectLanguage({ cookie: 'ar', browser: ['en'] })).toBe('ar');
  });

  it('follows a language the address names over a remembered choice and the browser, as the server does', () => {
    expect(detectLanguage({ address: 'ar', stored: 'en', cookie: 'en', browser: ['en-GB'] })).toBe('ar');
    expect(detectLanguage({ address: 'en', stored: 'ar', browser: ['ar-EG'] })).toBe('en');
    expect(detectLanguage({ address: 'fr', stored: 'ar', browser: ['en'] })).toBe('ar');
  });

  it('falls back to English', () => {
    expect(detectLanguage({ browser: ['de', 'ja'] })).toBe('en');
    expect(detectLanguage({ stored: 'xx' })).toBe('en');
  });

  it('maps tags and directions', () => {
    expect(matchLanguage('AR_sa')).toBe('ar');
    expect(matchLanguage('')).toBeUndefined();
    expect(directionOf('ar')).toBe('rtl');
    expect(directionOf('en')).toBe('ltr');
  });

  it('falls back to English for a key Arabic lacks', () => {
    const instance = createI18n('ar', { en: { translation: { onlyInEnglish: 'English only', both: 'Both' } }, ar: { translation: { both: 'كلاهما' } } });
    expect(instance.t('onlyInEnglish')).toBe('English only');
    expect(instance.t('both')).toBe('كلاهما');
  });
});

// Every visible string is translated: both languages carry the same keys
// (plural suffixes aside, since Arabic has more plural forms than English).
const en = [enCore, enSite, enAdmin];
const ar = [arCore, arSite, arAdmin];

function keys(value: unknown, prefix = ''): string[] {
  if (Array.isArray(value)) return value.flatMap((item, index) => keys(item, `${prefix}${index}.`));
  if (value && typeof value === 'object') return Object.entries(value).flatMap(([k, v]) => keys(v, `${prefix}${k}.`));
  return [prefix.slice(0, -1).replace(/_(zero|one|two|few|many|other)$/, '')];
}

describe('translations', () => {
  it('has the same keys in English and Arabic', () => {
    expect(new Set(keys(ar))).toEqual(new Set(keys(en)));
  });

  it('has no empty or untranslated Arabic strings', () => {
    const flat = (value: unknown): string[] =>
      Array.isArray(value) ? value.flatMap(flat) : value && typeof value === 'object' ? Object.values(value).flatMap(flat) : [String(value)];
    const arabic = flat(ar);
    expect(arabic.filter((text) => text.trim() === '')).toEqual([]);
    // Lower-case Latin words are untranslated English; acronyms (SMTP), a technical
    // term in parentheses ("(slug)"), interpolations ("{{from}} – {{to}}", formatted ones such as
    // "{{max, currency(EGP)}}") and markup for <Trans> ("<path>…</path>") are fine.
    const needsArabic = arabic.filter((text) => /[a-z]{3,}/.test(text.replace(/\{\{\w+(?:, *[\w()]+)?\}\}|\([^)]*\)|<\/?\w+>/g, '')));
    expect(needsArabic).toEqual([]);
  });

  it('has every Arabic plural form, since an Arabic page loads no English to fall back on', () => {
    const forms = ['zero', 'one', 'two', 'few', 'many', 'other'];
    const plural = (value: unknown, prefix = ''): string[] =>
      value && typeof value === 'object'
        ? Object.entries(value).flatMap(([k, v]) => plural(v, `${prefix}${k}.`))
        : [prefix.slice(0, -1)].filter((key) => /_(zero|one|two|few|many|other)$/.test(key));
    const present = plural(ar);
    const bases = new Set(present.map((key) => key.replace(/_(zero|one|two|few|many|other)$/, '')));
    const missing = [...bases].flatMap((base) => forms.map((form) => `${base}_${form}`)).filter((key) => !present.includes(key));
    expect(bases.size).toBeGreaterThan(0);
    expect(missing).toEqual([]);
  });
});
