import { z } from 'zod';

import { api, normaliseErrors, type FieldErrors } from '@/lib/api-client';
import { useCommand } from '@/lib/command';

import { userSchema, type User } from '../schemas';

export interface RegisterInput {
  first_name: string;
  last_name: string;
  email: string;
  password: string;
  phone_number: string;
  /** The phone picker's region (EG); the server combines it with a national number. */
  country_key?: string;
}

// The spec lets the server return the token as `token.value`, `token` or
// `access_token`, and the user beside it or inside `data`.
const rawRegisterResponse = z
  .object({
    status: z.union([z.number(), z.string(), z.boolean()]).optional(),
    message: z.string().optional(),
    errors: z.unknown().optional(),
    token: z.union([z.string(), z.object({ value: z.string() })]).nullish(),
    access_token: z.string().nullish(),
    user: userSchema.nullish(),
    data: z
      .object({ token: z.string().nullish() })
      .and(userSchema.partial())
      .nullish(),
  })
  .loose();

export interface RegisterResult {
  token: string | null;
  user: User | null;
  message: string | null;
  errors: FieldErrors;
  ok: boolean;
}

export const registerResponseSchema = rawRegisterResponse.transform((raw): RegisterResult => {
  const token =
    (typeof raw.token === 'string' ? raw.token : raw.token?.value) ?? raw.access_token ?? raw.data?.token ?? null;
  const dataUser = raw.data ? userSchema.safeParse(raw.data) : null;
  const user = raw.user ?? (dataUser?.success ? dataUser.data : null);
  const ok = raw.status === undefined || raw.status === 200 || raw.status === '200' || raw.status === true;
  return { token, user, message: raw.message ?? null, errors: normaliseErrors(raw.errors), ok };
});

/** The full name must hold at least two words: the first is first_name, the rest last_name. */
export function splitFullName(fullName: string): { first_name: string; last_name: string } | null {
  const words = fullName.trim().split(/\s+/).filter(Boolean);
  if (words.length < 2) return null;
  const [first = '', ...rest] = words;
  return { first_name: first, last_name: rest.join(' ') };
}

/**
 * Spec section 9: registration is sent with the `lang` header; the spec's client always sent `en`,
 * ours sends the language of the page so the server's messages come back in it.
 */
export function register(input: RegisterInput, language = 'en'): Promise<RegisterResult> {
  return api.post('/api/register', input, { schema: registerResponseSchema, headers: { lang: language } });
}

export function useRegister(language = 'en') {
  return useCommand({ mutationFn: (input: RegisterInput) => register(input, language) });
}
