/**
 * The payment and refund codes the server sends (projections/orders, domain/payment, domain/order,
 * adapters/payments) and where their words are: purchaseOrders.codes.<group>.<code>. A code this
 * list does not know (a provider's new decline reason) and an operator's own words (a refund's
 * reason typed by staff) have no translation: they are shown as they came.
 */
export const CODE_GROUPS = {
  /** A payments-audit notice: what the provider said, or a refund sent (projections/orders applyPayment). */
  noticeKind: ['succeeded', 'declined', 'ignored', 'refunded'],
  /** A payment in the audit (payments.status). */
  paymentStatus: ['pending', 'succeeded', 'failed'],
  /** What a payment pays for (domain/order Purpose…). */
  purpose: ['order', 'exchange'],
  /** The payment provider (adapters/payments Name()). */
  provider: ['sandbox', 'paymob', 'stripe'],
  /** Why a notice failed or was ignored (adapters/payments Reason…, domain/payment Ignored…). */
  noticeReason: [
    'declined',
    'card_declined',
    'insufficient_funds',
    'authentication_failed',
    'cancelled',
    'expired',
    'already_succeeded',
    'another_capture',
    'already_failed',
    'unknown_outcome',
  ],
  /** Why money went back, when the system decided it (domain/order, commands/orders); staff write their own. */
  refundReason: ['cancellation', 'exchange', 'paid_for_abandoned_exchange', 'paid_after_cancellation'],
} as const;

export type CodeGroup = keyof typeof CODE_GROUPS;

interface CodeLabel {
  text: string;
  /** false: not a code this app knows; the text is the server's own, to be shown isolated. */
  known: boolean;
}

/** The words for code in group, in the page's language; the code itself when the app has none. */
export function codeLabel(t: (key: string) => string, group: CodeGroup, code: string): CodeLabel {
  const known = (CODE_GROUPS[group] as readonly string[]).includes(code);
  return known ? { text: t(`purchaseOrders.codes.${group}.${code}`), known } : { text: code, known };
}
