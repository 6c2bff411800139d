import { describe, expect, it } from 'vitest';

import { registerResponseSchema, splitFullName } from './register';

describe('full name', () => {
  it.each([
    ['Salma Hassan', { first_name: 'Salma', last_name: 'Hassan' }],
    ['  Ahmed   Abdel  Aziz ', { first_name: 'Ahmed', last_name: 'Abdel Aziz' }],
    ['منى زكي', { first_name: 'منى', last_name: 'زكي' }],
  ])('splits %s', (input, expected) => {
    expect(splitFullName(input)).toEqual(expected);
  });

  it.each(['', 'Salma', '   '])('refuses %j: both names are needed', (input) => {
    expect(splitFullName(input)).toBeNull();
  });
});

describe('register response', () => {
  const user = { id: 1, first_name: 'A', last_name: 'B', email: 'a@b.eg' };
  it.each([
    [{ token: { value: 't1' }, user }, 't1'],
    [{ token: 't2', user }, 't2'],
    [{ access_token: 't3', user }, 't3'],
    [{ data: { token: 't4', ...user } }, 't4'],
  ])('finds the token in %o', (raw, token) => {
    const result = registerResponseSchema.parse(raw);
    expect(result.token).toBe(token);
    expect(result.user?.id).toBe('1');
  });

  it('reports a registration without a token (the user must sign in)', () => {
    expect(registerResponseSchema.parse({ status: 200, message: 'ok' })).toMatchObject({ token: null, user: null, ok: true });
  });

  it('reports a non-200 status with its errors', () => {
    expect(registerResponseSchema.parse({ status: 422, errors: 'Email taken' })).toMatchObject({ ok: false, errors: { general: ['Email taken'] } });
  });
});
