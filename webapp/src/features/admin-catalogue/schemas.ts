import type { FieldErrors } from 'react-hook-form';
import { z } from 'zod';

import type { FieldSpec, KindSpec, Values } from './kinds';
import { asText, numberText } from './values';

// Client-side checks of the catalogue forms, the same rules the server applies first: required
// fields, bilingual texts in both languages. Errors are keyed like the server's ("name.en",
// "photos.1"), so both kinds land next to the field they are about.

const isEmpty = (v: unknown) => v === undefined || v === null || v === '' || (Array.isArray(v) && v.length === 0);

/** What one required field must hold. */
export function requiredField(kind: FieldSpec['kind'], required: string): z.ZodType {
  if (kind === 'text2' || kind === 'textarea2') {
    const filled = z.string().refine((s) => s.trim() !== '', required);
    return z.unknown().transform(asText).pipe(z.object({ en: filled, ar: filled }));
  }
  return z.unknown().refine((v) => !isEmpty(v), required);
}

/**
 * A percent as typed (the form's value of a 'percent' field): more than 0, at most 100, at most two
 * decimals, since the API keeps hundredths of a percent. Messages are keys the field words itself.
 */
export function percentField(required: string): z.ZodType {
  return z.unknown().superRefine((v, ctx) => {
    const text = numberText(v);
    if (text === '') {
      ctx.addIssue({ code: 'custom', message: required });
      return;
    }
    if (!/^\d+(\.\d+)?$/.test(text)) {
      ctx.addIssue({ code: 'custom', message: 'validation.invalid' });
      return;
    }
    const n = Number(text);
    if (!(n > 0) || n > 100) ctx.addIssue({ code: 'custom', message: 'validation.percentRange' });
    else if (!/^\d+(\.\d{1,2})?$/.test(text)) ctx.addIssue({ code: 'custom', message: 'validation.percentDecimals' });
  });
}

/**
 * A number box's value (fields.tsx holds a number once what is typed reads as one, in any digits):
 * text left in it is no number, said instead of sent.
 */
export function numberField(required: string | undefined): z.ZodType {
  return z.unknown().superRefine((v, ctx) => {
    if (isEmpty(v)) {
      if (required) ctx.addIssue({ code: 'custom', message: required });
      return;
    }
    const text = numberText(v);
    if (typeof v !== 'number' && !/^-?\d+(\.\d+)?$/.test(text)) ctx.addIssue({ code: 'custom', message: 'validation.invalid' });
  });
}

/** What one field that is shown must hold, if anything is asked of it. */
function fieldSchema(f: FieldSpec, required: string): z.ZodType | undefined {
  if (f.kind === 'percent') return percentField(required);
  if (f.kind === 'number' || f.kind === 'money') return numberField(f.required ? required : undefined);
  return f.required ? requiredField(f.kind, required) : undefined;
}

/**
 * A record of `kind`: every required field that is shown (see FieldSpec.when) is filled, and a
 * percent that is shown is a valid percent.
 */
export function recordSchema(kind: KindSpec, required: string) {
  const checks = kind.fields.flatMap((f) => {
    const schema = fieldSchema(f, required);
    return schema ? [{ field: f, schema }] : [];
  });
  return z.record(z.string(), z.unknown()).superRefine((values, ctx) => {
    for (const { field, schema } of checks) {
      if (field.when && !field.when(values)) continue;
      const result = schema.safeParse(values[field.name]);
      if (result.success) continue;
      for (const issue of result.error.issues) ctx.addIssue({ code: 'custom', message: issue.message, path: [field.name, ...issue.path] });
    }
  });
}

/** react-hook-form's nested errors as the flat map the fields show ({"name.en": ["…"]}). */
export function flatErrors(errors: FieldErrors<Values>, prefix = ''): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const [key, node] of Object.entries(errors)) {
    if (!node || typeof node !== 'object' || key === 'ref') continue;
    const path = prefix ? `${prefix}.${key}` : key;
    if ('message' in node && typeof node.message === 'string') out[path] = [node.message];
    else Object.assign(out, flatErrors(node as FieldErrors<Values>, path));
  }
  return out;
}
