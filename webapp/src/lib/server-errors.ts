import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';

import { isApiError } from '@/lib/api-client';

/**
 * Puts the server's field errors (`{"errors": {"field": ["..."]}}`) next to the fields they name.
 * `fields` maps server field names to form fields. Returns whether any error found a field; the
 * caller toasts the message otherwise.
 */
export function applyServerErrors<T extends FieldValues>(error: unknown, setError: UseFormSetError<T>, fields: Partial<Record<string, Path<T>>>): boolean {
  if (!isApiError(error)) return false;
  let placed = false;
  for (const [field, messages] of Object.entries(error.errors)) {
    const target = fields[field];
    if (target && messages[0]) {
      setError(target, { type: 'server', message: messages[0] }, { shouldFocus: !placed });
      placed = true;
    }
  }
  return placed;
}

/** The message to toast for a failed call: the server's, or a fallback when the server said nothing useful. */
export function failureMessage(error: unknown, fallback: string): string {
  return isApiError(error) && error.status > 0 && error.message ? error.message : fallback;
}
