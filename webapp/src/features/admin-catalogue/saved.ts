import type { AdminRecord } from './api/list-records';
import type { KindSpec } from './kinds';
import { asString, asText } from './values';

/** What a record's editor tells the list it returns to: which record was saved, and whether it is new. */
export interface Saved {
  name: string;
  created: boolean;
  /** The record's id (a new driver's edit page follows with their sign-in account). */
  id?: string;
}

/** The name an operator knows a record by: its list's first column, in the page's language. */
export function recordName(kind: KindSpec, record: AdminRecord, language: string): string {
  const first = kind.columns[0];
  if (!first) return '';
  const value = record[first.name];
  if (first.kind === 'text2') {
    const text = asText(value);
    return (language === 'ar' && text.ar) || text.en || text.ar;
  }
  return asString(value);
}

/** The Saved a navigation carried in its history state, if any. */
export function savedFrom(state: unknown): Saved | undefined {
  if (typeof state !== 'object' || state === null || !('saved' in state)) return undefined;
  const saved = state.saved;
  if (typeof saved !== 'object' || saved === null) return undefined;
  const { name, created } = saved as Record<string, unknown>;
  return typeof name === 'string' && typeof created === 'boolean' ? { name, created } : undefined;
}
