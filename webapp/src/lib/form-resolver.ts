// The one resolver of the app's forms: zod's checks with the app's own messages. zod's built-in ones
// are English sentences ("Too big: expected string to have <=2000 characters"); every check a form does
// not word itself gets a message key here instead, with its limit, which the field shows in the page's
// language and with its own name ("Comments can be at most 2000 characters."). See form-messages.ts.
import { zodResolver } from '@hookform/resolvers/zod';
import type { FieldValues, Resolver } from 'react-hook-form';
import type { z } from 'zod';

import { messageKey } from './form-messages';

type Issue = Parameters<z.core.$ZodErrorMap>[0];

/** The app's message for a check that has none of its own. */
export function issueMessage(issue: Issue): string {
  switch (issue.code) {
    case 'too_big':
      if (issue.origin === 'string') return messageKey('validation.tooLong', { count: Number(issue.maximum) });
      if (issue.origin === 'number' || issue.origin === 'bigint') return messageKey('validation.tooLarge', { max: Number(issue.maximum) });
      if (issue.origin === 'array' || issue.origin === 'set') return messageKey('validation.tooMany', { count: Number(issue.maximum) });
      return 'validation.invalid';
    case 'too_small':
      if (issue.origin === 'string') return Number(issue.minimum) <= 1 ? 'validation.required' : messageKey('validation.tooShort', { count: Number(issue.minimum) });
      if (issue.origin === 'number' || issue.origin === 'bigint') return messageKey('validation.tooSmall', { min: Number(issue.minimum) });
      if (issue.origin === 'array' || issue.origin === 'set') return 'validation.required';
      return 'validation.invalid';
    case 'invalid_type':
      return issue.input === undefined || issue.input === null || issue.input === '' ? 'validation.required' : 'validation.invalid';
    case 'invalid_format':
      return issue.format === 'email' ? 'validation.email' : 'validation.invalid';
    default:
      return 'validation.invalid';
  }
}

type FormSchema = z.ZodType<FieldValues, FieldValues>;

/** zodResolver for the app's forms: use this, not zodResolver itself (ESLint says so). */
export function formResolver<T extends FormSchema>(schema: T): Resolver<z.input<T>, unknown, z.output<T>>;
/** With raw: the form's values as typed are what it submits (the schema only checks them). */
export function formResolver<T extends FormSchema>(schema: T, options: { raw: true }): Resolver<z.input<T>, unknown, z.input<T>>;
export function formResolver<T extends FormSchema>(schema: T, options?: { raw: true }) {
  return options ? zodResolver(schema, { error: issueMessage }, options) : zodResolver(schema, { error: issueMessage });
}
