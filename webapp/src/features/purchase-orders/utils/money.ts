// The staff's money arithmetic on an order, in piastres (minor units) where it is compared and in
// pounds where staff read and type it: an amount is typed in pounds ("250" or "99.50"), never in
// piastres, and checked against what can still go back before a confirmation shows it.
import { z } from 'zod';

import { amountDigits } from '@/lib/digits';
import { messageKey } from '@/lib/form-messages';

interface MoneyLike {
  minor: number;
}

/** What can still be refunded: paid, less what went back and what is on its way back (domain/order Refundable). */
export function refundableMinor(order: { paid: MoneyLike; refunded: MoneyLike; refund_pending?: MoneyLike }): number {
  return Math.max(order.paid.minor - order.refunded.minor - (order.refund_pending?.minor ?? 0), 0);
}

/** What the traveller still owes on a confirmed (or completed) order: its price, less what was kept of what was paid (projections/orders Underpaid). */
export function underpaidMinor(order: { status: string; total: MoneyLike; paid: MoneyLike; refunded: MoneyLike }): number {
  if (order.status !== 'confirmed' && order.status !== 'completed') return 0;
  return Math.max(order.total.minor - (order.paid.minor - order.refunded.minor), 0);
}

/**
 * Pounds as staff typed them, in piastres, in any digits and with or without thousands separators
 * («٩٩٫٥٠» is 9950, «3,450» is 345000); null for anything that is not an amount of at most two decimals.
 */
export function toMinor(pounds: string): number | null {
  const text = amountDigits(pounds);
  if (!/^\d+(\.\d{1,2})?$/.test(text)) return null;
  const [whole = '0', part = ''] = text.split('.');
  return Number(whole) * 100 + Number(part.padEnd(2, '0'));
}

/**
 * The refund form: all that can go back, or a part of it typed in pounds (above zero, at most two
 * decimals, at most what can go back), and a reason.
 */
export function refundFormSchema(maxMinor: number) {
  return z
    .object({ kind: z.enum(['full', 'partial']), amount: z.string(), reason: z.string().trim().min(1, 'validation.required').max(500) })
    .superRefine((values, ctx) => {
      if (values.kind === 'full') return;
      const minor = toMinor(values.amount);
      if (minor === null || minor <= 0) ctx.addIssue({ code: 'custom', path: ['amount'], message: 'purchaseOrders.amountFormat' });
      else if (minor > maxMinor) ctx.addIssue({ code: 'custom', path: ['amount'], message: messageKey('purchaseOrders.amountTooLarge', { max: (maxMinor / 100).toFixed(2) }) });
    });
}
export type RefundForm = z.infer<ReturnType<typeof refundFormSchema>>;

/** The refund the form asks for, in pounds (what the API takes): all that can go back, or the part typed. */
export function refundAmount(values: RefundForm, maxMinor: number): number {
  const minor = values.kind === 'full' ? maxMinor : (toMinor(values.amount) ?? 0);
  return minor / 100;
}

/** Accepting money that differs from what was asked: a reason. */
export const acceptFormSchema = z.object({ reason: z.string().trim().min(1, 'validation.required').max(500) });
export type AcceptForm = z.infer<typeof acceptFormSchema>;
