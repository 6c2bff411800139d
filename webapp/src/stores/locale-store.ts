import { create } from 'zustand';

import type { Language } from '@/config/constants';
import { applyDocumentLanguage, i18n, isLanguage, rememberLanguage } from '@/lib/i18n';

interface LocaleState {
  language: Language;
  setLanguage: (language: Language) => void;
}

const initial: Language = isLanguage(i18n.language) ? i18n.language : 'en';

export const useLocaleStore = create<LocaleState>()((set) => ({
  language: initial,
  setLanguage: (language) => {
    void i18n.changeLanguage(language);
    applyDocumentLanguage(language);
    rememberLanguage(language);
    set({ language });
  },
}));

/** Puts the detected language on <html> at start-up without recording it as a choice. */
export function syncDocumentLanguage(): void {
  applyDocumentLanguage(useLocaleStore.getState().language);
}
