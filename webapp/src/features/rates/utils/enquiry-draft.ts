/**
 * What the traveller typed into the enquiry form, kept for this tab while they choose a pickup point
 * on another page, so nothing has to be typed twice. Session storage: gone with the tab, never sent.
 */
const KEY = 'mishwar.enquiry-draft';

export type EnquiryDraft = Record<string, string | boolean>;

export function saveEnquiryDraft(draft: EnquiryDraft, storage: Storage = sessionStorage): void {
  try {
    storage.setItem(KEY, JSON.stringify(draft));
  } catch {
    // Storage full or disabled: the form just starts empty again.
  }
}

/** The saved draft, if any. Only string and boolean fields are kept. */
export function readEnquiryDraft(storage: Storage = sessionStorage): EnquiryDraft | null {
  let raw: string | null = null;
  try {
    raw = storage.getItem(KEY);
  } catch {
    return null;
  }
  if (!raw) return null;
  try {
    const value: unknown = JSON.parse(raw);
    if (!value || typeof value !== 'object' || Array.isArray(value)) return null;
    const draft: EnquiryDraft = {};
    for (const [field, v] of Object.entries(value)) if (typeof v === 'string' || typeof v === 'boolean') draft[field] = v;
    return draft;
  } catch {
    return null;
  }
}

/** Forgets the draft once the enquiry is sent. */
export function clearEnquiryDraft(storage: Storage = sessionStorage): void {
  try {
    storage.removeItem(KEY);
  } catch {
    // Nothing to forget.
  }
}
