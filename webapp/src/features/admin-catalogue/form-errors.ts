import { useCallback, useEffect, useState, type RefObject } from 'react';

import { asHours } from './values';

// Where a failed save's errors land: on the field they are about, and in view.

/** The key of an hours editor's row: its weekday, not its place in the list. */
export function hoursDayKey(name: string, day: number): string {
  return `${name}.day${String(day)}`;
}

/**
 * The server names an hours fault by the entry's place in the list sent ("opening_hours.5.close");
 * the editor lists every weekday, open or not, so that place is not a row. The fault is keyed by the
 * entry's weekday instead ("opening_hours.day6.close"), which the editor shows on that day's boxes.
 */
export function hoursErrorsByDay(errors: Record<string, string[]>, name: string, sent: unknown): Record<string, string[]> {
  const hours = asHours(sent);
  const out: Record<string, string[]> = {};
  for (const [key, messages] of Object.entries(errors)) {
    const match = key.startsWith(`${name}.`) ? /^(\d+)(\..*)?$/.exec(key.slice(name.length + 1)) : null;
    const entry = match ? hours[Number(match[1])] : undefined;
    const target = entry && match ? hoursDayKey(name, entry.day) + (match[2] ?? '') : key;
    out[target] = [...(out[target] ?? []), ...messages];
  }
  return out;
}

const FOCUSABLE = 'input:not([type="hidden"]):not([tabindex="-1"]), select, textarea, button:not([tabindex="-1"])';

/**
 * The first field of root that shows an error, in reading order: a control marked invalid, or the
 * first control of a group whose error is said under it (a list of photos, of weekdays).
 */
function firstInvalid(root: HTMLElement): HTMLElement | null {
  for (const el of root.querySelectorAll<HTMLElement>('[aria-invalid="true"], .field__error')) {
    if (el.getAttribute('aria-invalid') === 'true') return el;
    const control = el.closest('.field, fieldset')?.querySelector<HTMLElement>(FOCUSABLE);
    if (control) return control;
  }
  return null;
}

/**
 * After a save is refused (by the form's own checks or by the server), call the returned function in
 * the same update as the errors: once they are shown, the first invalid field (or, when no field is
 * at fault, the message saying why) takes the focus and is scrolled into view. On a long form on a
 * phone, the save button is otherwise all that is in view, and nothing there says the save failed.
 */
export function useRevealFirstError(form: RefObject<HTMLElement | null>, message: RefObject<HTMLElement | null>): () => void {
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    if (attempt === 0) return;
    const target = (form.current && firstInvalid(form.current)) ?? message.current;
    if (!target) return;
    target.focus({ preventScroll: true });
    // jsdom has no layout and no scrollIntoView.
    if (typeof target.scrollIntoView === 'function') target.scrollIntoView({ block: 'center' });
  }, [attempt, form, message]);
  return useCallback(() => setAttempt((n) => n + 1), []);
}
