import { useMutation } from '@tanstack/react-query';

import { api } from '@/lib/api-client';

export interface ChangePasswordInput {
  old_password: string;
  new_password: string;
  new_password_confirmation: string;
}

export function changePassword(input: ChangePasswordInput): Promise<unknown> {
  return api.post('/api/auth/change-password', input);
}

export function useChangePassword() {
  return useMutation({ mutationFn: changePassword });
}
