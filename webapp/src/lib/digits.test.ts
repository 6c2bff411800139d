import { describe, expect, it } from 'vitest';

import { amountDigits, typedNumber, westernDigits } from './digits';

describe('westernDigits', () => {
  it('reads Arabic-Indic and Persian digits and the Arabic separators as Western ones', () => {
    expect(westernDigits('١٢')).toBe('12');
    expect(westernDigits('١٢٫٥')).toBe('12.5');
    expect(westernDigits('۱۲۳')).toBe('123');
    expect(westernDigits('١٬٢٠٠')).toBe('1200');
    expect(westernDigits(' 7.25 ')).toBe('7.25');
  });

  it('leaves what is no digit as typed', () => {
    expect(westernDigits('abc')).toBe('abc');
  });
});

describe('typedNumber', () => {
  it('holds a number once the text reads as one, in any digits', () => {
    expect(typedNumber('١٢')).toBe(12);
    expect(typedNumber('٢٫٥')).toBe(2.5);
    expect(typedNumber('30.0444')).toBe(30.0444);
  });

  it('keeps text on its way to a number, or none, as typed', () => {
    expect(typedNumber('')).toBe('');
    expect(typedNumber('1.')).toBe('1.');
    expect(typedNumber('abc')).toBe('abc');
  });
});

describe('amountDigits', () => {
  it('drops thousands separators where they group digits in threes, in any digits', () => {
    expect(amountDigits('3,450')).toBe('3450');
    expect(amountDigits('1,234,567.50')).toBe('1234567.50');
    expect(amountDigits('٣٬٤٥٠٫٥٠')).toBe('3450.50');
    expect(amountDigits(' 250 ')).toBe('250');
  });

  it('leaves a comma that groups nothing as typed, for the field to refuse', () => {
    expect(amountDigits('34,50')).toBe('34,50');
    expect(amountDigits('1,5')).toBe('1,5');
    expect(amountDigits(',345')).toBe(',345');
  });
});
