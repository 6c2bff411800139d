import { describe, expect, it } from 'vitest';

import ar from '@/locales/ar/admin.json';
import en from '@/locales/en/admin.json';

import { CODE_GROUPS, codeLabel, type CodeGroup } from './codes';

const translator = (messages: unknown) => (key: string) => {
  const found = key.split('.').reduce<unknown>((node, part) => (node && typeof node === 'object' ? (node as Record<string, unknown>)[part] : undefined), messages);
  return typeof found === 'string' ? found : key;
};

describe('codeLabel', () => {
  it.each([
    ['noticeKind', 'succeeded', 'paid', 'تم الدفع'],
    ['noticeKind', 'refunded', 'refunded', 'استُرد المبلغ'],
    ['paymentStatus', 'pending', 'waiting for the provider', 'في انتظار مزود الدفع'],
    ['purpose', 'order', 'the order', 'الطلب'],
    ['refundReason', 'cancellation', 'cancellation', 'إلغاء الطلب'],
    ['noticeReason', 'card_declined', 'card declined', 'رُفضت البطاقة'],
  ] as const)('%s %s reads "%s" / "%s"', (group, code, english, arabic) => {
    expect(codeLabel(translator(en), group, code)).toEqual({ text: english, known: true });
    expect(codeLabel(translator(ar), group, code)).toEqual({ text: arabic, known: true });
  });

  it('gives an unknown code, or staff’s own words, back as they came', () => {
    expect(codeLabel(translator(ar), 'refundReason', 'probe')).toEqual({ text: 'probe', known: false });
    expect(codeLabel(translator(ar), 'refundReason', 'تغيرت الخطط')).toEqual({ text: 'تغيرت الخطط', known: false });
    expect(codeLabel(translator(ar), 'noticeKind', 'toString')).toEqual({ text: 'toString', known: false });
  });

  it('has words for every known code in both languages', () => {
    for (const [group, codes] of Object.entries(CODE_GROUPS) as Array<[CodeGroup, readonly string[]]>) {
      for (const code of codes) {
        for (const messages of [en, ar]) {
          expect(codeLabel(translator(messages), group, code).text, `${group}.${code}`).not.toBe(`purchaseOrders.codes.${group}.${code}`);
        }
      }
    }
  });
});
