import { describe, expect, it } from 'vitest';

import { quoteInputSchema } from '../api/purchase-orders';
import { refundableMinor, refundAmount, refundFormSchema, toMinor, underpaidMinor } from './money';

describe('refundableMinor', () => {
  it('is what was paid, less what went back and what is on its way back', () => {
    expect(refundableMinor({ paid: { minor: 173120 }, refunded: { minor: 20000 }, refund_pending: { minor: 5000 } })).toBe(148120);
  });

  it('is never below zero', () => {
    expect(refundableMinor({ paid: { minor: 100 }, refunded: { minor: 100 }, refund_pending: { minor: 100 } })).toBe(0);
  });
});

describe('toMinor', () => {
  it.each([
    ['250', 25000],
    ['99.5', 9950],
    ['99.50', 9950],
    [' 0.01 ', 1],
    ['1731.20', 173120],
    ['3,450', 345000],
    ['3,450.50', 345050],
    ['1,234,567', 123456700],
    ['٣٬٤٥٠٫٥٠', 345050],
  ])('reads %j pounds as %d piastres', (typed, minor) => {
    expect(toMinor(typed)).toBe(minor);
  });

  it.each(['', 'abc', '1.234', '-5', '1e3', '1,5', '.5', '34,50', ',345', '3,4500', '3,450,'])('refuses %j', (typed) => {
    expect(toMinor(typed)).toBeNull();
  });
});

describe('a quote typed with a thousands separator', () => {
  it('is a valid amount to send', () => {
    expect(quoteInputSchema.safeParse({ amount: '3,450', date: '2026-12-17', time: '11:00', note: '' }).success).toBe(true);
  });
});

describe('a quote without a start', () => {
  it('is refused on the date and the time, before the server is asked', () => {
    const refused = quoteInputSchema.safeParse({ amount: '3450.50', date: '', time: '11:00', note: '' });
    expect(refused.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([['date', 'validation.required']]);
  });
});

describe('refundFormSchema', () => {
  const schema = refundFormSchema(173120);
  const issues = (values: { kind: 'full' | 'partial'; amount: string; reason: string }) =>
    schema.safeParse(values).error?.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`) ?? [];

  it('takes all that can go back with a reason, whatever the amount field says', () => {
    expect(issues({ kind: 'full', amount: 'nonsense', reason: 'Trip cancelled by us' })).toEqual([]);
  });

  it('takes a part in pounds up to what can go back', () => {
    expect(issues({ kind: 'partial', amount: '1731.20', reason: 'Late driver' })).toEqual([]);
  });

  it('refuses a part above what can go back, naming the most in pounds', () => {
    expect(issues({ kind: 'partial', amount: '1731.21', reason: 'Late driver' })).toEqual(['amount: purchaseOrders.amountTooLarge?max=1731.20']);
  });

  it.each(['0', '', '12.345', '-1'])('refuses the part %j', (amount) => {
    expect(issues({ kind: 'partial', amount, reason: 'Late driver' })).toEqual(['amount: purchaseOrders.amountFormat']);
  });

  it('wants a reason', () => {
    expect(issues({ kind: 'full', amount: '', reason: '  ' })).toEqual(['reason: validation.required']);
  });
});

describe('refundAmount', () => {
  it('sends all that can go back in pounds for a full refund', () => {
    expect(refundAmount({ kind: 'full', amount: '', reason: 'x' }, 173120)).toBe(1731.2);
  });

  it('sends the part typed, in pounds', () => {
    expect(refundAmount({ kind: 'partial', amount: '250.5', reason: 'x' }, 173120)).toBe(250.5);
  });
});

describe('underpaidMinor', () => {
  it('is what a confirmed order still lacks of its price', () => {
    expect(underpaidMinor({ status: 'confirmed', total: { minor: 86040 }, paid: { minor: 100 }, refunded: { minor: 0 } })).toBe(85940);
    expect(underpaidMinor({ status: 'completed', total: { minor: 86040 }, paid: { minor: 86040 }, refunded: { minor: 10050 } })).toBe(10050);
  });

  it('is nothing for an order not confirmed, or paid in full', () => {
    expect(underpaidMinor({ status: 'awaiting_payment', total: { minor: 86040 }, paid: { minor: 100 }, refunded: { minor: 0 } })).toBe(0);
    expect(underpaidMinor({ status: 'confirmed', total: { minor: 86040 }, paid: { minor: 86040 }, refunded: { minor: 0 } })).toBe(0);
  });
});

describe('amounts typed in Arabic-Indic digits', () => {
  it('reads «١٢» as 12 pounds and «٩٩٫٥٠» as 99.50', () => {
    expect(toMinor('١٢')).toBe(1200);
    expect(toMinor('٩٩٫٥٠')).toBe(9950);
    expect(toMinor('۲۵۰')).toBe(25000);
  });

  it('a partial refund of «٥٠» is 50 pounds; text that is no amount is refused with the amount message', () => {
    const schema = refundFormSchema(10000);
    expect(schema.safeParse({ kind: 'partial', amount: '٥٠', reason: 'late' }).success).toBe(true);
    expect(refundAmount({ kind: 'partial', amount: '٥٠', reason: 'late' }, 10000)).toBe(50);
    const refused = schema.safeParse({ kind: 'partial', amount: 'fifty', reason: 'late' });
    expect(refused.error?.issues[0]?.message).toBe('purchaseOrders.amountFormat');
  });

  it('a quote of «٢٥٠» is an amount; text that is no amount is refused with the amount message', () => {
    expect(quoteInputSchema.safeParse({ amount: '٢٥٠', date: '2026-12-17', time: '11:00', note: '' }).success).toBe(true);
    const refused = quoteInputSchema.safeParse({ amount: 'abc', date: '2026-12-17', time: '11:00', note: '' });
    expect(refused.error?.issues[0]?.message).toBe('purchaseOrders.amountFormat');
  });
});
