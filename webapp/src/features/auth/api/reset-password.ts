import { api } from '@/lib/api-client';
import { useCommand } from '@/lib/command';

export interface ResetPasswordInput {
  token: string;
  password: string;
  password_confirmation: string;
}

export function resetPassword(input: ResetPasswordInput): Promise<unknown> {
  return api.post('/api/password/reset', input);
}

export function useResetPassword() {
  return useCommand({ mutationFn: resetPassword });
}
