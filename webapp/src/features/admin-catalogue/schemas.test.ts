import { describe, expect, it } from 'vitest';

import type { KindSpec } from './kinds';
import { recordSchema } from './schemas';

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
