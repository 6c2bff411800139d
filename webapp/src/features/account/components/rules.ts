import { z } from 'zod';

import { PASSWORD_MAX, PASSWORD_MIN } from '@/config/constants';
import { messageKey } from '@/lib/form-messages';
import { toE164 } from '@/lib/phone';

// The server's account rules (domain/account/rules.go), for the forms of this feature.

const PASSWORD_LENGTH = messageKey('validation.passwordLength', { min: PASSWORD_MIN, max: PASSWORD_MAX });

export const NAME_MAX = 50;
const EMAIL_MAX = 254;
const NAME_CHARS = /^[\p{L}\p{Mn}\s'’.-]+$/u;
const HAS_LETTER = /\p{L}/u;

export const nameRule = (requiredKey: string) =>
  z
    .string()
    .trim()
    .min(1, requiredKey)
    .max(NAME_MAX)
    .refine((value) => NAME_CHARS.test(value) && HAS_LETTER.test(value), 'account.rules.nameInvalid');

export const emailRule = z.string().trim().min(1, 'validation.emailRequired').max(EMAIL_MAX).pipe(z.email('validation.email'));

/** Characters as the server counts them (code points), so an Arabic password measures the same. */
export function characterCount(value: string): number {
  return value.match(/[\s\S]/gu)?.length ?? 0;
}

export const newPasswordRule = z
  .string()
  .min(1, 'validation.passwordRequired')
  .refine((value) => characterCount(value) >= PASSWORD_MIN && characterCount(value) <= PASSWORD_MAX, PASSWORD_LENGTH);

/** A phone number valid for the picked country (required unless `optional`). */
export function phoneIsValid(number: string, region: string, optional = false): boolean {
  if (!number.trim()) return optional;
  return toE164(number, region) !== null;
}
