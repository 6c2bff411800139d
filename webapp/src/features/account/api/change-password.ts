import { useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';

import { api } from '@/lib/api-client';
import { useCommand } from '@/lib/command';

import { sessionsQueryKey } from './get-sessions';

export interface ChangePasswordInput {
  old_password: string;
  password: string;
  password_confirmation: string;
  /** Sign out every other device too. */
  end_other_sessions: boolean;
}

const schema = z.object({
  message: z.string(),
  /** Other sessions ended with the change. */
  sessions_ended: z.number().default(0),
  /** Other sessions still signed in (offered to be ended). */
  other_sessions: z.number().default(0),
});
export type ChangePasswordResult = z.infer<typeof schema>;

export function changePassword(input: ChangePasswordInput): Promise<ChangePasswordResult> {
  return api.post('/api/me/password', input, { schema });
}

export function useChangePassword() {
  const queryClient = useQueryClient();
  return useCommand({
    mutationFn: changePassword,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sessionsQueryKey }),
  });
}
