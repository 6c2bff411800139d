import { create } from 'zustand';

import type { Language } from '@/config/constants';
import { addressLanguage, applyDocumentLanguage, hasLanguage, i18n, isLanguage, loadLanguage, rememberLanguage } from '@/lib/i18n';

interface LocaleState {
  language: Language;
  setLanguage: (language: Language) => void;
}

const initial: Language = isLanguage(i18n.language) ? i18n.language : 'en';

// The language asked for last: a slower load of an earlier choice must not switch back to it.
let requested: Language = initial;

export const useLocaleStore = create<LocaleState>()((set) => {
  function apply(language: Language): void {
    void i18n.changeLanguage(language);
    applyDocumentLanguage(language);
    rememberLanguage(language);
    followInAddress(language);
    set({ language });
  }
  return {
    language: initial,
    // Switches at once when the language's translations are loaded, otherwise as soon as they are:
    // the page never shows one language's text in the other's direction, nor untranslated keys.
    setLanguage: (language) => {
      requested = language;
      if (hasLanguage(language)) {
        apply(language);
        return;
      }
      loadLanguage(language).then(
        () => {
          if (requested !== language) return;
          // A screen may have needed another part meanwhile: load that too before switching.
          if (hasLanguage(language)) apply(language);
          else useLocaleStore.getState().setLanguage(language);
        },
        // Offline or a failed deploy: the page stays in the language it is in.
        () => undefined,
      );
    },
  };
});

/**
 * An address that names a language keeps naming the one shown: after a switch, reloading or sharing
 * the page must not bring the other back (the server reads `?lang=` before the remembered choice).
 */
function followInAddress(language: Language): void {
  const url = new URL(window.location.href);
  if (!url.searchParams.has('lang') || url.searchParams.get('lang') === language) return;
  url.searchParams.set('lang', language);
  window.history.replaceState(window.history.state, '', url);
}

/**
 * Puts the start-up language on <html>. Only a language the address names is recorded as a choice
 * (the visitor followed a link to that language); one guessed from the browser is not.
 */
export function syncDocumentLanguage(): void {
  const { language } = useLocaleStore.getState();
  applyDocumentLanguage(language);
  if (addressLanguage() === language) rememberLanguage(language);
}
