import { useMutation } from '@tanstack/react-query';

import { api } from '@/lib/api-client';

export interface PasswordResetRequest {
  email: string;
  /** Which sign-in screen the e-mailed link should lead back to. */
  audience: 'user' | 'admin';
}

export function requestPasswordReset(input: PasswordResetRequest): Promise<unknown> {
  return api.post('/api/password/forgot', input);
}

export function useRequestPasswordReset() {
  return useMutation({ mutationFn: requestPasswordReset });
}
