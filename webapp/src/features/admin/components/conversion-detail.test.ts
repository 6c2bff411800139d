import { describe, expect, it } from 'vitest';

import { createI18n } from '@/lib/i18n';
import arAdmin from '@/locales/ar/admin.json';
import enAdmin from '@/locales/en/admin.json';

// The dashboard's "converted of submitted enquiries" line takes the plural form of the number of
// enquiries (submitted), in both languages.
describe('the enquiries converted line', () => {
  const resources = { en: { translation: enAdmin }, ar: { translation: arAdmin } };
  const line = (language: 'en' | 'ar', submitted: number) =>
    createI18n(language, resources).t('admin.dashboard.conversionDetail', { count: submitted, converted: '0', submitted: String(submitted), quoted: '0', declined: '0' });

  it('says one enquiry in the singular after one', () => {
    expect(line('ar', 1)).toContain('استفسار واحد');
    expect(line('ar', 1)).not.toContain('استفسارات');
    expect(line('en', 1)).toContain('1 enquiry became');
  });

  it('says three to ten enquiries in the plural, eleven and more with the accusative singular', () => {
    expect(line('ar', 3)).toContain('3 استفسارات');
    expect(line('ar', 11)).toContain('11 استفسارًا');
    expect(line('en', 3)).toContain('3 enquiries');
  });
});
