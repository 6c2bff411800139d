import { describe, expect, it } from 'vitest';

import { createI18n } from '@/lib/i18n';

const bundles = {
  en: { translation: { stops: '{{count}} stops', trip: 'Trip {{number}}', most: 'At most {{max, currency(EGP)}}', plain: '{{n, number}} km' } },
  ar: { translation: { stops: '{{count}} محطات', trip: 'الرحلة {{number}}', most: 'لا يزيد على {{max, currency(EGP)}}', plain: '{{n, number}} كم' } },
};

describe('numbers in translations', () => {
  it('writes an interpolated number in the language’s own digits', () => {
    expect(createI18n('ar', bundles).t('stops', { count: 12 })).toBe('١٢ محطات');
    expect(createI18n('en', bundles).t('stops', { count: 1200 })).toBe('1,200 stops');
  });

  it('leaves a text that holds digits (a trip number) as it is', () => {
    expect(createI18n('ar', bundles).t('trip', { number: 'MSH-12AB' })).toBe('الرحلة MSH-12AB');
  });

  it('keeps the named formats the translations use', () => {
    expect(createI18n('ar', bundles).t('plain', { n: 3.5 })).toBe('٣٫٥ كم');
    expect(createI18n('en', bundles).t('most', { max: 250 })).toMatch(/^At most EGP\s250\.00$/);
    expect(createI18n('ar', bundles).t('most', { max: 250 })).toMatch(/٢٥٠/);
  });
});
