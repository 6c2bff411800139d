import type { Field } from '../api/support';

/** What one event did to one line of the order's card. */
export type FieldChange =
  | { kind: 'added'; key: string; label: string; after: string }
  | { kind: 'changed'; key: string; label: string; before: string; after: string }
  | { kind: 'removed'; key: string; label: string; before: string };

/**
 * The difference between the order's card before an event and after it, line by line (matched by
 * key): lines that appeared, changed or went away, in the order the card shows them (the lines that
 * went away last). The first event has nothing before it: every line it sets is added.
 */
export function diffFields(before: readonly Field[] | undefined, after: readonly Field[]): FieldChange[] {
  const was = new Map((before ?? []).map((f) => [f.key, f]));
  const now = new Set(after.map((f) => f.key));
  const changes: FieldChange[] = [];
  for (const f of after) {
    const old = was.get(f.key);
    if (!old) changes.push({ kind: 'added', key: f.key, label: f.label, after: f.value });
    else if (old.value !== f.value) changes.push({ kind: 'changed', key: f.key, label: f.label, before: old.value, after: f.value });
  }
  for (const f of before ?? []) {
    if (!now.has(f.key)) changes.push({ kind: 'removed', key: f.key, label: f.label, before: f.value });
  }
  return changes;
}
