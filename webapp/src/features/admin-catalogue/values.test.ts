import { describe, expect, it } from 'vitest';

import { basisPointsFromPercent, formatBasisPoints, percentFromBasisPoints, toApiValues, toFormValues } from './values';

// The API keeps an offer's discount in basis points (hundredths of a percent, 1250 = 12.5%); the
// admin types and reads a plain percent. These are the two edges.
describe('discounts between percent and basis points', () => {
  it.each([
    [1000, '10'],
    [1250, '12.5'],
    [1225, '12.25'],
    [1, '0.01'],
    [10000, '100'],
  ])('%d basis points read as %s percent', (bp, percent) => {
    expect(percentFromBasisPoints(bp)).toBe(percent);
  });

  it.each([
    ['10', 1000],
    ['12.5', 1250],
    [12.5, 1250],
    ['0.29', 29],
    ['12.25', 1225],
    ['100', 10000],
    ['١٢٫٥', 1250],
  ])('%j percent is sent as %d basis points', (percent, bp) => {
    expect(basisPointsFromPercent(percent)).toBe(bp);
  });

  it('sends text that is no number as typed, for the server to refuse', () => {
    expect(basisPointsFromPercent('ten')).toBe('ten');
    expect(basisPointsFromPercent('')).toBe('');
  });

  it('round-trips a record: the form shows percent, the API gets basis points back', () => {
    const entity = { title: { en: 'Winter', ar: 'شتاء' }, percent_basis_points: 1250, amount: { minor: 5000, currency: 'EGP' } };
    const form = toFormValues(entity, ['amount'], ['percent_basis_points']);
    expect(form).toMatchObject({ percent_basis_points: '12.5', amount: '50' });
    expect(toApiValues(form, ['percent_basis_points'])).toMatchObject({ percent_basis_points: 1250, amount: '50', title: entity.title });
  });

  it('shows a share in the page’s language', () => {
    expect(formatBasisPoints(1250, 'en')).toBe('12.5%');
    expect(formatBasisPoints(1000, 'en')).toBe('10%');
    expect(formatBasisPoints(1250, 'ar')).toMatch(/١٢٫٥/);
  });
});
