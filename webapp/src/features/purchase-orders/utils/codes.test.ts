import { describe, expect, it } from 'vitest';

import ar from '@/locales/ar/admin.json';
import en from '@/locales/en/admin.json';

import { PART } from '@/components/ui/sentence-with';

import { CODE_GROUPS, codeLabel, UNKNOWN_GROUPS, type CodeGroup } from './codes';

const translator = (messages: unknown) => (key: string, options?: { code: string }) => {
  const found = key.split('.').reduce<unknown>((node, part) => (node && typeof node === 'object' ? (node as Record<string, unknown>)[part] : undefined), messages);
  return typeof found === 'string' ? found.replace('{{code}}', options?.code ?? '{{code}}') : key;
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

  it('names a code it does not know as another one of its group, the code kept to be shown beside it', () => {
    expect(codeLabel(translator(ar), 'paymentStatus', 'captured')).toEqual({ text: 'captured', known: false, sentence: `حالة أخرى: <code>${PART}</code>` });
    expect(codeLabel(translator(en), 'noticeReason', 'do_not_honor')).toEqual({ text: 'do_not_honor', known: false, sentence: `another reason: <code>${PART}</code>` });
    expect(codeLabel(translator(ar), 'noticeKind', 'toString')).toEqual({ text: 'toString', known: false, sentence: `إشعار آخر: <code>${PART}</code>` });
  });

  it('gives staff’s own words for a refund back as they came', () => {
    expect(codeLabel(translator(ar), 'refundReason', 'probe')).toEqual({ text: 'probe', known: false });
    expect(codeLabel(translator(ar), 'refundReason', 'تغيرت الخطط')).toEqual({ text: 'تغيرت الخطط', known: false });
  });

  it('has words for an unknown code of every group of codes in both languages, with the code’s place', () => {
    expect(UNKNOWN_GROUPS).toEqual(Object.keys(CODE_GROUPS).filter((group) => group !== 'refundReason'));
    for (const group of UNKNOWN_GROUPS) {
      for (const messages of [en, ar]) {
        const label = codeLabel(translator(messages), group, 'zz_new_code');
        expect(label.known ? undefined : label.sentence, group).toContain(`<code>${PART}</code>`);
      }
    }
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
