/**
 * What a person typed into a form, kept for this tab under a key so that leaving the page (to pay, to
 * choose a pickup point) and coming back finds the form as they left it. Session storage: gone with
 * the tab, never sent. Only string and boolean fields are kept; a full or disabled storage just means
 * the form starts empty again.
 */
export type FormDraft = Record<string, string | boolean>;

function sessionStore(): Storage | null {
  try {
    return typeof sessionStorage === 'undefined' ? null : sessionStorage;
  } catch {
    return null;
  }
}

export interface FormDraftStore {
  save: (draft: FormDraft, storage?: Storage | null) => void;
  read: (storage?: Storage | null) => FormDraft | null;
  clear: (storage?: Storage | null) => void;
}

export function formDraft(key: string): FormDraftStore {
  return {
    save: (draft, storage = sessionStore()) => {
      try {
        storage?.setItem(key, JSON.stringify(draft));
      } catch {
        // Storage full or disabled: the form just starts empty again.
      }
    },
    read: (storage = sessionStore()) => {
      let raw: string | null = null;
      try {
        raw = storage?.getItem(key) ?? null;
      } catch {
        return null;
      }
      if (!raw) return null;
      try {
        const value: unknown = JSON.parse(raw);
        if (!value || typeof value !== 'object' || Array.isArray(value)) return null;
        const draft: FormDraft = {};
        for (const [field, v] of Object.entries(value)) if (typeof v === 'string' || typeof v === 'boolean') draft[field] = v;
        return draft;
      } catch {
        return null;
      }
    },
    clear: (storage = sessionStore()) => {
      try {
        storage?.removeItem(key);
      } catch {
        // Nothing to forget.
      }
    },
  };
}
