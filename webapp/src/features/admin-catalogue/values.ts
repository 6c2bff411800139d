import type { Language } from '@/config/constants';
import { westernDigits } from '@/lib/digits';
import { formatNumber } from '@/utils/format';

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

/**
 * A share the API holds in basis points (hundredths of a percent: 1250) as the percent people type
 * and read ("12.5"); anything that is no number is left as text.
 */
export function percentFromBasisPoints(v: unknown): string {
  if (typeof v !== 'number' || !Number.isFinite(v)) return asString(v);
  return String(Math.round(v) / 100);
}

/** A number as typed, with Arabic-Indic digits ("١٢٫٥") read as Western ones ("12.5"). */
export function numberText(v: unknown): string {
  if (typeof v === 'number') return String(v);
  if (typeof v !== 'string') return '';
  return westernDigits(v);
}

/** The percent typed ("12.5", 12.5) as the API's basis points (1250); text that is no number stays as typed. */
export function basisPointsFromPercent(v: unknown): unknown {
  const text = numberText(v);
  if (text === '' || !/^\d+(\.\d+)?$/.test(text)) return v;
  return Math.round(Number(text) * 100);
}

/** Turns an entity from the API into form values: money as pounds, basis points as percent, nothing else changed. */
export function toFormValues(entity: Values, moneyFields: readonly string[], percentFields: readonly string[] = []): Values {
  const out: Values = { ...entity };
  for (const f of moneyFields) out[f] = asPounds(entity[f]);
  for (const f of percentFields) out[f] = percentFromBasisPoints(entity[f]);
  return out;
}

/** Turns form values into what the API takes: percent fields back to basis points. */
export function toApiValues(values: Values, percentFields: readonly string[]): Values {
  const out: Values = { ...values };
  for (const f of percentFields) if (f in out) out[f] = basisPointsFromPercent(out[f]);
  return out;
}

/** A share in basis points (1250) as the page's language writes a percent ("12.5%", "١٢٫٥٪"). */
export function formatBasisPoints(basisPoints: number, language: Language): string {
  return formatNumber(basisPoints / 10000, language, { style: 'percent', maximumFractionDigits: 2 });
}
