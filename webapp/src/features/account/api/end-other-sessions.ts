import { useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';

import { api } from '@/lib/api-client';
import { useCommand } from '@/lib/command';

import { sessionsQueryKey } from './get-sessions';

const schema = z.object({ message: z.string(), sessions_ended: z.number() });

export function endOtherSessions(): Promise<z.infer<typeof schema>> {
  return api.delete('/api/me/sessions', { schema });
}

export function useEndOtherSessions() {
  const queryClient = useQueryClient();
  return useCommand({
    mutationFn: endOtherSessions,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sessionsQueryKey }),
  });
}
