import { describe, expect, it } from 'vitest';

import type { KindSpec } from './kinds';
import { numberField, percentField, recordSchema } from './schemas';

const kind: KindSpec = {
  endpoint: '/api/admin/offers',
  columns: [],
  defaults: {},
  fields: [
    { name: 'name', kind: 'text2', required: true },
    { name: 'kind', kind: 'choice', required: true, options: ['percent', 'amount'] },
    { name: 'amount', kind: 'money', required: true, when: (v) => v.kind === 'amount' },
    { name: 'destination_ids', kind: 'destinations', required: true },
    { name: 'note', kind: 'text' },
  ],
};

function errorKeys(values: Record<string, unknown>): string[] {
  const result = recordSchema(kind, 'required').safeParse(values);
  return result.success ? [] : result.error.issues.map((issue) => issue.path.join('.'));
}

describe('catalogue record schema', () => {
  it.each([
    ['everything filled', { name: { en: 'Tower', ar: 'برج' }, kind: 'percent', destination_ids: ['d-1'] }, []],
    ['nothing filled', {}, ['name.en', 'name.ar', 'kind', 'destination_ids']],
    ['Arabic missing, blank English', { name: { en: '  ', ar: '' }, kind: 'percent', destination_ids: ['d-1'] }, ['name.en', 'name.ar']],
    ['a plain string is English only', { name: 'Tower', kind: 'percent', destination_ids: ['d-1'] }, ['name.ar']],
    ['an empty list', { name: { en: 'T', ar: 'ب' }, kind: 'percent', destination_ids: [] }, ['destination_ids']],
    ['a field shown only for amounts, shown', { name: { en: 'T', ar: 'ب' }, kind: 'amount', destination_ids: ['d-1'], amount: '' }, ['amount']],
    ['the same field, hidden', { name: { en: 'T', ar: 'ب' }, kind: 'percent', destination_ids: ['d-1'], amount: '' }, []],
  ])('%s', (_, values, want) => {
    expect(errorKeys(values)).toEqual(want);
  });
});

describe('a discount typed as a percent', () => {
  const messages = (v: unknown) => {
    const result = percentField('required').safeParse(v);
    return result.success ? [] : result.error.issues.map((issue) => issue.message);
  };

  it.each([['10'], ['12.5'], ['12.25'], ['100'], ['0.01'], [' 7 '], [12.5], ['١٢٫٥']])('takes %j', (v) => {
    expect(messages(v)).toEqual([]);
  });

  it.each([
    ['', 'required'],
    [undefined, 'required'],
    ['0', 'validation.percentRange'],
    ['0.00', 'validation.percentRange'],
    ['100.01', 'validation.percentRange'],
    ['1250', 'validation.percentRange'],
    ['12.555', 'validation.percentDecimals'],
    ['-5', 'validation.invalid'],
    ['ten', 'validation.invalid'],
    ['12,5', 'validation.invalid'],
  ])('refuses %j with %s', (v, want) => {
    expect(messages(v)).toEqual([want]);
  });

  it('is checked in a record only while it is shown', () => {
    const offer: KindSpec = {
      endpoint: '/api/admin/offers',
      columns: [],
      defaults: {},
      fields: [{ name: 'percent_basis_points', kind: 'percent', when: (v) => v.kind === 'percent' }],
    };
    const paths = (values: Record<string, unknown>) => {
      const result = recordSchema(offer, 'required').safeParse(values);
      return result.success ? [] : result.error.issues.map((issue) => issue.path.join('.'));
    };
    expect(paths({ kind: 'percent', percent_basis_points: '250' })).toEqual(['percent_basis_points']);
    expect(paths({ kind: 'amount', percent_basis_points: '250' })).toEqual([]);
  });
});

describe('a number field', () => {
  it('refuses text that is no number, takes a number held or typed in Arabic-Indic digits', () => {
    const schema = numberField('required');
    expect(schema.safeParse('abc').success).toBe(false);
    expect(schema.safeParse('1.').success).toBe(false);
    expect(schema.safeParse(12).success).toBe(true);
    expect(schema.safeParse('١٢٫٥').success).toBe(true);
    expect(schema.safeParse('').success).toBe(false);
    expect(numberField(undefined).safeParse('').success).toBe(true);
  });
});
