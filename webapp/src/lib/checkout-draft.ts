/**
 * What the traveller filled in at checkout (rate plan, date, time, contact, terms, and the promo code
 * the server accepted, as promo_code), kept for this tab from the moment they go to pay: "Try again"
 * after a failed payment, or Back from the payment page, finds the form as they left it, the code
 * applied again (and checked again by the server). The pickup is the cart's, kept by the server.
 * Forgotten once a payment succeeds (see form-draft).
 */
import { formDraft } from '@/lib/form-draft';

const draft = formDraft('mishwar.checkout-draft');

export const saveCheckoutDraft = draft.save;
/** The saved draft, if any. */
export const readCheckoutDraft = draft.read;
/** Forgets the draft once the trip is paid for. */
export const clearCheckoutDraft = draft.clear;
