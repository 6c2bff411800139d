import { useTranslation } from 'react-i18next';

/**
 * What goes between two details on one line (a status and a date, a car and its plate): " · " in
 * English, the Arabic comma in Arabic, where a middle dot beside Arabic digits reads as a zero.
 */
export function useDetailSeparator(): string {
  return useTranslation().t('common.detailSeparator');
}
