import type { FieldValues, ResolverOptions } from 'react-hook-form';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';

import { formResolver } from './form-resolver';

async function messages(schema: z.ZodType<FieldValues, FieldValues>, values: FieldValues): Promise<Record<string, string | undefined>> {
  const options: ResolverOptions<FieldValues> = { fields: {}, shouldUseNativeValidation: false };
  const result = await formResolver(schema)(values, undefined, options);
  return Object.fromEntries(Object.entries(result.errors).map(([name, error]) => [name, error?.message as string | undefined]));
}

describe('form resolver', () => {
  it('gives every check without a message of its own the app’s message key, with its limit', async () => {
    const schema = z.object({
      comments: z.string().max(2000),
      name: z.string().min(1),
      code: z.string().min(3),
      seats: z.number().max(8),
      price: z.number().min(1),
      email: z.email(),
      missing: z.string(),
      kind: z.enum(['a', 'b']),
    });
    expect(await messages(schema, { comments: 'x'.repeat(2001), name: '', code: 'ab', seats: 9, price: 0, email: 'nope', kind: 'c' })).toEqual({
      comments: 'validation.tooLong?count=2000',
      name: 'validation.required',
      code: 'validation.tooShort?count=3',
      seats: 'validation.tooLarge?max=8',
      price: 'validation.tooSmall?min=1',
      email: 'validation.email',
      missing: 'validation.required',
      kind: 'validation.invalid',
    });
  });

  it('never lets zod’s own English through', async () => {
    const result = await messages(z.object({ comments: z.string().max(2000) }), { comments: 'x'.repeat(2001) });
    expect(result.comments).not.toMatch(/Too big|expected/);
  });

  it('keeps a form’s own message', async () => {
    expect(await messages(z.object({ email: z.string().min(1, 'validation.emailRequired') }), { email: '' })).toEqual({ email: 'validation.emailRequired' });
  });
});
