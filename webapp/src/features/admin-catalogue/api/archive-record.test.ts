import { describe, expect, it } from 'vitest';

import { archiveResultSchema, programsUsing } from './archive-record';

// What DELETE /api/admin/destinations/{id} answers for a destination programs visit
// (httpapi/catalogue adminArchive: programRef, its name in both languages).
const archivedInUse = {
  data: { id: 'd-1', archived: true },
  message: 'إنه مستخدم في مكان آخر، لذلك تمت أرشفته بدلًا من حذفه.',
  used_by_programs: [
    { id: 'p-1', slug: 'old-cairo-day', name: { en: 'Old Cairo day', ar: 'يوم في القاهرة القديمة' }, hours: 8, price: { amount: 1200, currency: 'EGP' }, url: '/program/old-cairo-day' },
    { id: 'p-2', slug: 'nile-evening', name: { en: 'Nile evening', ar: '' }, hours: 3, price: { amount: 600, currency: 'EGP' }, url: '/program/nile-evening' },
  ],
};

describe('the archive answer', () => {
  it('reads the programs named in both languages', () => {
    const result = archiveResultSchema.parse(archivedInUse);
    expect(result.message).toBe(archivedInUse.message);
    expect(programsUsing(result, 'ar')).toEqual([
      { id: 'p-1', name: 'يوم في القاهرة القديمة' },
      { id: 'p-2', name: 'Nile evening' },
    ]);
    expect(programsUsing(result, 'en').map((p) => p.name)).toEqual(['Old Cairo day', 'Nile evening']);
  });

  it.each([
    ['an archive no program uses', { data: {}, message: 'Archived.' }],
    ['a usage report with no programs', { data: {}, message: 'Archived.', used_by_programs: [] }],
    ['a restore', { data: {} }],
    ['a name as a plain string', { data: {}, used_by_programs: [{ id: 'p-3', name: 'Pyramids' }] }],
  ])('reads %s', (_, answer) => {
    expect(() => archiveResultSchema.parse(answer)).not.toThrow();
  });

  it('names a program by its English name where a plain string came', () => {
    expect(programsUsing(archiveResultSchema.parse({ used_by_programs: [{ id: 'p-3', name: 'Pyramids' }] }), 'ar')).toEqual([{ id: 'p-3', name: 'Pyramids' }]);
  });
});
