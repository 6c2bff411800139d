import { create } from 'zustand';

import type { Language } from '@/config/constants';
import { applyDocumentLanguage, hasLanguage, i18n, isLanguage, loadLanguage, rememberLanguage } from '@/lib/i18n';

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

/** Puts the detected language on <html> at start-up without recording it as a choice. */
export function syncDocumentLanguage(): void {
  applyDocumentLanguage(useLocaleStore.getState().language);
}
