import { useTranslation } from 'react-i18next';

import type { Language } from '@/config/constants';
import { isLanguage } from '@/lib/i18n';

/** The language the UI is rendered in right now. */
export function useLanguage(): Language {
  const { i18n } = useTranslation();
  return isLanguage(i18n.language) ? i18n.language : 'en';
}
