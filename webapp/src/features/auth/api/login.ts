import { z } from 'zod';

import { api } from '@/lib/api-client';
import { useCommand } from '@/lib/command';

import { userSchema } from '../schemas';

export const loginInputSchema = z.object({
  email: z.email(),
  password: z.string().min(1),
});
export type LoginInput = z.infer<typeof loginInputSchema>;

export const loginResponseSchema = z.object({
  data: userSchema.extend({ token: z.string().nullish() }),
});
export type LoginResponse = z.infer<typeof loginResponseSchema>;

export function login(input: LoginInput): Promise<LoginResponse> {
  // 401 is its answer to a wrong password, whoever is signed in on the device.
  return api.post('/api/user/login', input, { schema: loginResponseSchema, answersUnauthorized: true });
}

export function useLogin() {
  return useCommand({ mutationFn: login });
}
