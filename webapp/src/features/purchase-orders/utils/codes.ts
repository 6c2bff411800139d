import { PART } from '@/components/ui/sentence-with';

/**
 * The payment and refund codes the server sends (projections/orders, domain/payment, domain/order,
 * adapters/payments) and where their words are: purchaseOrders.codes.<group>.<code>. A code this
 * list does not know (a provider's own decline message, a status the server adds later) is named as
 * another one of its group, with the code beside it: purchaseOrders.codes.unknown.<group>. A refund's
 * reason may be an operator's own words (typed by staff): those are shown as they came.
 */
export const CODE_GROUPS = {
  /** A payments-audit notice: what the provider said, or a refund sent (projections/orders applyPayment). */
  noticeKind: ['succeeded', 'declined', 'ignored', 'refunded'],
  /** A payment in the audit (payments.status). */
  paymentStatus: ['pending', 'succeeded', 'failed', 'closed'],
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

/** Groups whose values may be someone's own words rather than codes: an unknown one is shown as it came. */
const OWN_WORDS: ReadonlySet<CodeGroup> = new Set(['refundReason']);

/** The groups an unknown code is named in as "another" one: every group of codes only. */
export const UNKNOWN_GROUPS = (Object.keys(CODE_GROUPS) as CodeGroup[]).filter((group) => !OWN_WORDS.has(group));

type CodeLabel =
  | { known: true; text: string }
  /**
   * Not a code this app knows; text is the server's own, to be shown isolated. sentence (a group of
   * codes only) names it as another one of its group, with PART where the code goes, in a <code> tag.
   */
  | { known: false; text: string; sentence?: string };

/** The words for code in group, in the page's language; an unknown code named as such, or as it came. */
export function codeLabel(t: (key: string, options?: { code: string }) => string, group: CodeGroup, code: string): CodeLabel {
  if ((CODE_GROUPS[group] as readonly string[]).includes(code)) return { text: t(`purchaseOrders.codes.${group}.${code}`), known: true };
  if (OWN_WORDS.has(group)) return { text: code, known: false };
  return { text: code, known: false, sentence: t(`purchaseOrders.codes.unknown.${group}`, { code: PART }) };
}
