// i18next set up for English and Arabic. The first visit follows the browser's
// language; after the visitor chooses, the choice (localStorage, and a cookie
// the server reads to render the right language) wins. An address that names its
// language (`?lang=ar`, the one the canonical and hreflang links give each language)
// wins over both, as it does on the server, and counts as the visitor's choice.
//
// Each language's translations are chunks of their own (see MessagePart), loaded when first needed:
// main.tsx awaits the start-up language's core before the first render (no untranslated keys flash),
// a lazily loaded screen awaits the parts it needs with its code, and the locale store loads another
// language before switching to it. A visitor downloads one language, and of it what they look at.

import i18next, { type i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';

import {
  FALLBACK_LANGUAGE,
  LANGUAGE_COOKIE,
  LANGUAGE_COOKIE_MAX_AGE_SECONDS,
  LANGUAGE_STORAGE_KEY,
  LANGUAGES,
  RTL_LANGUAGES,
  type Language,
} from '@/config/constants';
import { readCookie, writeCookie } from '@/lib/cookies';
import { localeNumbers } from '@/lib/i18n-numbers';

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/** Maps a BCP 47 tag such as `ar-EG` or `en-GB` to one of our languages. */
export function matchLanguage(tag: string | null | undefined): Language | undefined {
  if (!tag) return undefined;
  const primary = tag.toLowerCase().split(/[-_]/)[0];
  return isLanguage(primary) ? primary : undefined;
}

export interface LanguageSources {
  /** The page address's `?lang=`. */
  address?: string | null;
  stored?: string | null;
  cookie?: string | null;
  browser?: readonly string[];
}

export function detectLanguage(sources: LanguageSources): Language {
  const chosen = matchLanguage(sources.address) ?? matchLanguage(sources.stored) ?? matchLanguage(sources.cookie);
  if (chosen) return chosen;
  for (const tag of sources.browser ?? []) {
    const match = matchLanguage(tag);
    if (match) return match;
  }
  return FALLBACK_LANGUAGE;
}

function safeStorageGet(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

/** The language the page's address names (`?lang=`), if it names one of ours. */
export function addressLanguage(): Language | undefined {
  return matchLanguage(new URLSearchParams(window.location.search).get('lang'));
}

export function detectBrowserLanguage(): Language {
  return detectLanguage({
    address: addressLanguage(),
    stored: safeStorageGet(LANGUAGE_STORAGE_KEY),
    cookie: readCookie(LANGUAGE_COOKIE),
    browser: navigator.languages.length ? navigator.languages : [navigator.language],
  });
}

export function directionOf(language: Language): 'rtl' | 'ltr' {
  return RTL_LANGUAGES.includes(language) ? 'rtl' : 'ltr';
}

export function applyDocumentLanguage(language: Language): void {
  const root = document.documentElement;
  root.lang = language;
  root.dir = directionOf(language);
}

export function rememberLanguage(language: Language): void {
  try {
    window.localStorage.setItem(LANGUAGE_STORAGE_KEY, language);
  } catch {
    // Private mode may refuse storage; the cookie below still remembers it.
  }
  writeCookie(LANGUAGE_COOKIE, language, { maxAgeSeconds: LANGUAGE_COOKIE_MAX_AGE_SECONDS });
}

type Bundles = Partial<Record<Language, { translation: object }>>;

export function createI18n(language: Language, bundles: Bundles): I18n {
  const instance = i18next.createInstance();
  void instance.use(initReactI18next).use(localeNumbers).init({
    resources: bundles,
    lng: language,
    fallbackLng: FALLBACK_LANGUAGE,
    supportedLngs: LANGUAGES,
    interpolation: { escapeValue: false, alwaysFormat: true },
    returnNull: false,
    initAsync: false,
  });
  return instance;
}

// Starts with no translations: loadLanguage adds them.
export const i18n = createI18n(typeof window === 'undefined' ? FALLBACK_LANGUAGE : detectBrowserLanguage(), {});

/**
 * The translations come in parts, each a chunk of its own per language (src/locales/<lang>/<part>.json),
 * deep-merged into one namespace so keys read the same whichever part holds them:
 *   core  what the home page shows (its first paint waits for it; a test keeps every key the home
 *         page's modules use in it),
 *   site  every other screen of the site, loaded with those screens,
 *   admin the admin area, loaded with it.
 */
export type MessagePart = 'core' | 'site' | 'admin';

const translations: Record<Language, Record<MessagePart, () => Promise<{ default: object }>>> = {
  en: {
    core: () => import('@/locales/en/core.json'),
    site: () => import('@/locales/en/site.json'),
    admin: () => import('@/locales/en/admin.json'),
  },
  ar: {
    core: () => import('@/locales/ar/core.json'),
    site: () => import('@/locales/ar/site.json'),
    admin: () => import('@/locales/ar/admin.json'),
  },
};

// The parts the visitor has needed so far: a language switched to later loads the same ones.
const wanted = new Set<MessagePart>(['core']);
const loading = new Map<string, Promise<void>>();
const loaded = new Set<string>();

function loadPart(language: Language, part: MessagePart): Promise<void> {
  const key = `${language}/${part}`;
  let pending = loading.get(key);
  if (!pending) {
    pending = translations[language][part]().then(({ default: bundle }) => {
      i18n.addResourceBundle(language, 'translation', bundle, true, false);
      loaded.add(key);
    });
    // A failed load (offline) may be tried again later.
    pending.catch(() => loading.delete(key));
    loading.set(key, pending);
  }
  return pending;
}

/** Whether every part needed so far is there in language (a switch to it can happen at once). */
export function hasLanguage(language: Language): boolean {
  return [...wanted].every((part) => loaded.has(`${language}/${part}`));
}

/** Fetches a language's translations (every part needed so far) into i18n once. */
export async function loadLanguage(language: Language): Promise<void> {
  await Promise.all([...wanted].map((part) => loadPart(language, part)));
}

/** Fetches parts of the current language's translations before a screen that needs them renders. */
export async function loadMessages(...parts: MessagePart[]): Promise<void> {
  for (const part of parts) wanted.add(part);
  const language = isLanguage(i18n.language) ? i18n.language : FALLBACK_LANGUAGE;
  await Promise.all(parts.map((part) => loadPart(language, part)));
}
