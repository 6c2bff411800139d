import { describe, expect, it } from 'vitest';

import { createI18n } from './i18n';
import { fieldMessage, messageKey, parseMessage } from './form-messages';

const bundles = {
  en: {
    translation: {
      fields: { firstName: 'First name' },
      validation: {
        required: 'This field is required.',
        tooLong_one: '{{field}} can be at most {{count}} character.',
        tooLong_other: '{{field}} can be at most {{count}} characters.',
        thisField: 'This field',
      },
    },
  },
  ar: {
    translation: {
      fields: { firstName: 'الاسم الأول' },
      validation: {
        tooLong_few: 'يجب ألّا يزيد «{{field}}» على {{count}} أحرف.',
        tooLong_many: 'يجب ألّا يزيد «{{field}}» على {{count}} حرفًا.',
        tooLong_other: 'يجب ألّا يزيد «{{field}}» على {{count}} حرف.',
      },
    },
  },
};

function translator(language: 'en' | 'ar') {
  const i18n = createI18n(language, bundles);
  return { t: (key: string, values: Record<string, string | number>) => i18n.t(key, values), exists: (key: string, values?: Record<string, string | number>) => i18n.exists(key, values) };
}

describe('form messages', () => {
  it('writes a key with the values of its sentence, and reads them back', () => {
    const message = messageKey('validation.tooLong', { count: 100, field: 'fields.firstName' });
    expect(message).toBe('validation.tooLong?count=100&field=fields.firstName');
    expect(parseMessage(message)).toEqual({ key: 'validation.tooLong', values: { count: 100, field: 'fields.firstName' } });
    expect(parseMessage('validation.required')).toEqual({ key: 'validation.required', values: {} });
  });

  it('names the field and the limit, in English and in Arabic (with its plural forms, in its own digits)', () => {
    expect(fieldMessage(translator('en'), messageKey('validation.tooLong', { count: 100 }), 'Name')).toBe('Name can be at most 100 characters.');
    expect(fieldMessage(translator('en'), messageKey('validation.tooLong', { count: 1 }), 'Code')).toBe('Code can be at most 1 character.');
    expect(fieldMessage(translator('ar'), messageKey('validation.tooLong', { count: 100 }), 'الاسم')).toBe('يجب ألّا يزيد «الاسم» على ١٠٠ حرف.');
    expect(fieldMessage(translator('ar'), messageKey('validation.tooLong', { count: 50 }), 'الاسم')).toBe('يجب ألّا يزيد «الاسم» على ٥٠ حرفًا.');
    expect(fieldMessage(translator('ar'), messageKey('validation.tooLong', { count: 5 }), 'الرمز')).toBe('يجب ألّا يزيد «الرمز» على ٥ أحرف.');
  });

  it('lets a rule name the part of the field it is about', () => {
    const message = messageKey('validation.tooLong', { count: 50, field: 'fields.firstName' });
    expect(fieldMessage(translator('en'), message, 'Full name')).toBe('First name can be at most 50 characters.');
    expect(fieldMessage(translator('ar'), message, 'الاسم الكامل')).toBe('يجب ألّا يزيد «الاسم الأول» على ٥٠ حرفًا.');
  });

  it('shows the server’s words (already in the visitor’s language) as they are', () => {
    expect(fieldMessage(translator('en'), 'This is too long.', 'Comments')).toBe('This is too long.');
    expect(fieldMessage(translator('ar'), 'هذا النص طويل جدًا.', 'التعليقات')).toBe('هذا النص طويل جدًا.');
  });

  it('leaves a label’s required marker out of the sentence', () => {
    expect(fieldMessage(translator('en'), messageKey('validation.tooLong', { count: 3 }), 'Code *')).toBe('Code can be at most 3 characters.');
    expect(fieldMessage(translator('ar'), messageKey('validation.tooLong', { count: 5 }), 'السعر لكل كيلومتر * (جنيه)')).toBe('يجب ألّا يزيد «السعر لكل كيلومتر (جنيه)» على ٥ أحرف.');
  });

  it('says "this field" for a field without a label of words', () => {
    expect(fieldMessage(translator('en'), messageKey('validation.tooLong', { count: 3 }), '')).toBe('This field can be at most 3 characters.');
  });
});
