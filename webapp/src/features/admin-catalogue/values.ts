import type { Values } from './kinds';

// Reading form values safely: the form holds the API's JSON as it came.

export interface Bilingual {
  en: string;
  ar: string;
}

export function asText(v: unknown): Bilingual {
  if (v && typeof v === 'object') {
    const o = v as Record<string, unknown>;
    return { en: typeof o.en === 'string' ? o.en : '', ar: typeof o.ar === 'string' ? o.ar : '' };
  }
  return { en: typeof v === 'string' ? v : '', ar: '' };
}

export function asString(v: unknown): string {
  if (typeof v === 'string') return v;
  if (typeof v === 'number') return String(v);
  return '';
}

export function asStrings(v: unknown): string[] {
  return Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : [];
}

export function asNumbers(v: unknown): number[] {
  return Array.isArray(v) ? v.filter((x): x is number => typeof x === 'number') : [];
}

/** Pounds from {minor, currency}, a number or a string. */
export function asPounds(v: unknown): string {
  if (v && typeof v === 'object' && 'minor' in v && typeof v.minor === 'number') return (v.minor / 100).toFixed(2).replace(/\.00$/, '');
  return asString(v);
}

export interface DayHours {
  day: number;
  open: string;
  close: string;
}

export function asHours(v: unknown): DayHours[] {
  if (!Array.isArray(v)) return [];
  return v.flatMap((x: unknown) => {
    if (!x || typeof x !== 'object') return [];
    const o = x as Record<string, unknown>;
    return typeof o.day === 'number' ? [{ day: o.day, open: asString(o.open), close: asString(o.close) }] : [];
  });
}

/** Turns an entity from the API into form values: money as pounds, nothing else changed. */
export function toFormValues(entity: Values, moneyFields: readonly string[]): Values {
  const out: Values = { ...entity };
  for (const f of moneyFields) out[f] = asPounds(entity[f]);
  return out;
}
