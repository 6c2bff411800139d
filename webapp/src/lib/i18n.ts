// i18next set up for English and Arabic. The first visit follows the browser's
// language; after the visitor chooses, the choice (localStorage, and a cookie
// the server reads to render the right language) wins.
//
// Each language's translations are a chunk of their own, loaded when the language is first used:
// main.tsx awaits the start-up language before the first render (no untranslated keys flash), and
// the locale store loads another language before switching to it. A visitor downloads one.

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
  stored?: string | null;
  cookie?: string | null;
  browser?: readonly string[];
}

export function detectLanguage(sources: LanguageSources): Language {
  const chosen = matchLanguage(sources.stored) ?? matchLanguage(sources.cookie);
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

export function detectBrowserLanguage(): Language {
  return detectLanguage({
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
  void instance.use(initReactI18next).init({
    resources: bundles,
    lng: language,
    fallbackLng: FALLBACK_LANGUAGE,
    supportedLngs: LANGUAGES,
    interpolation: { escapeValue: false },
    returnNull: false,
    initAsync: false,
  });
  return instance;
}

// Starts with no translations: loadLanguage adds them.
export const i18n = createI18n(typeof window === 'undefined' ? FALLBACK_LANGUAGE : detectBrowserLanguage(), {});

const translations: Record<Language, () => Promise<{ default: object }>> = {
  en: () => import('@/locales/en.json'),
  ar: () => import('@/locales/ar.json'),
};

/** Fetches a language's translations into i18n once; resolves at once when they are already there. */
export async function loadLanguage(language: Language): Promise<void> {
  if (i18n.hasResourceBundle(language, 'translation')) return;
  const { default: bundle } = await translations[language]();
  i18n.addResourceBundle(language, 'translation', bundle);
}
