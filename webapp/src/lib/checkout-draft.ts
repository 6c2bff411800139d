/**
 * What the traveller filled in at checkout (rate plan, date, time, contact, terms), kept for this tab
 * from the moment they go to pay: "Try again" after a failed payment, or Back from the payment page,
 * finds the form as they left it. The pickup is the cart's, kept by the server. Forgotten once a
 * payment succeeds. Session storage: gone with the tab, never sent.
 */
const KEY = 'mishwar.checkout-draft';

export type CheckoutDraft = Record<string, string | boolean>;

function store(): Storage | null {
  try {
    return typeof sessionStorage === 'undefined' ? null : sessionStorage;
  } catch {
    return null;
  }
}

export function saveCheckoutDraft(draft: CheckoutDraft, storage: Storage | null = store()): void {
  try {
    storage?.setItem(KEY, JSON.stringify(draft));
  } catch {
    // Storage full or disabled: the form just starts empty again.
  }
}

/** The saved draft, if any. Only string and boolean fields are kept. */
export function readCheckoutDraft(storage: Storage | null = store()): CheckoutDraft | null {
  let raw: string | null = null;
  try {
    raw = storage?.getItem(KEY) ?? null;
  } catch {
    return null;
  }
  if (!raw) return null;
  try {
    const value: unknown = JSON.parse(raw);
    if (!value || typeof value !== 'object' || Array.isArray(value)) return null;
    const draft: CheckoutDraft = {};
    for (const [field, v] of Object.entries(value)) if (typeof v === 'string' || typeof v === 'boolean') draft[field] = v;
    return draft;
  } catch {
    return null;
  }
}

/** Forgets the draft once the trip is paid for. */
export function clearCheckoutDraft(storage: Storage | null = store()): void {
  try {
    storage?.removeItem(KEY);
  } catch {
    // Nothing to forget.
  }
}
