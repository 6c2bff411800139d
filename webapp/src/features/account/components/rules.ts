import { z } from 'zod';

import { PASSWORD_MAX, PASSWORD_MIN } from '@/config/constants';
import { toE164 } from '@/lib/phone';

// The server's account rules (domain/account/rules.go), for the forms of this feature.

export const NAME_MAX = 50;
const NAME_CHARS = /^[\p{L}\p{Mn}\s'’.-]+$/u;
const HAS_LETTER = /\p{L}/u;

export const nameRule = (requiredKey: string) =>
  z
    .string()
    .trim()
    .min(1, requiredKey)
    .max(NAME_MAX, 'account.rules.nameTooLong')
    .refine((value) => NAME_CHARS.test(value) && HAS_LETTER.test(value), 'account.rules.nameInvalid');

export const emailRule = z.string().trim().min(1, 'validation.emailRequired').pipe(z.email('validation.email'));

/** Characters as the server counts them (code points), so an Arabic password measures the same. */
export function characterCount(value: string): number {
  return value.match(/[\s\S]/gu)?.length ?? 0;
}

export const newPasswordRule = z
  .string()
  .min(1, 'validation.passwordRequired')
  .refine((value) => characterCount(value) >= PASSWORD_MIN && characterCount(value) <= PASSWORD_MAX, 'validation.passwordLength');

/** A phone number valid for the picked country (required unless `optional`). */
export function phoneIsValid(number: string, region: string, optional = false): boolean {
  if (!number.trim()) return optional;
  return toE164(number, region) !== null;
}
