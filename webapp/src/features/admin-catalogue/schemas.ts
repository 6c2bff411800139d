import type { FieldErrors } from 'react-hook-form';
import { z } from 'zod';

import type { FieldSpec, KindSpec, Values } from './kinds';
import { asText } from './values';

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

/** A record of `kind`: every required field that is shown (see FieldSpec.when) is filled. */
export function recordSchema(kind: KindSpec, required: string) {
  const checks = kind.fields.filter((f) => f.required).map((f) => ({ field: f, schema: requiredField(f.kind, required) }));
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
