import { api } from '@/lib/api-client';
import { useCommand } from '@/lib/command';

export interface PasswordResetRequest {
  email: string;
  /** Which sign-in area the e-mailed link leads back to. */
  audience: 'user' | 'admin';
}

export function requestPasswordReset({ email, audience }: PasswordResetRequest): Promise<unknown> {
  return api.post(audience === 'admin' ? '/api/admin/password/forgot' : '/api/password/forgot', { email });
}

export function useRequestPasswordReset() {
  return useCommand({ mutationFn: requestPasswordReset });
}
