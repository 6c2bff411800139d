import { useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';

import { api } from '@/lib/api-client';
import { useCommand } from '@/lib/command';

const schema = z.object({ message: z.string() });

export function retryMail(id: string): Promise<z.infer<typeof schema>> {
  return api.post(`/api/admin/mailbox/${encodeURIComponent(id)}/retry`, undefined, { schema });
}

export function useRetryMail() {
  const queryClient = useQueryClient();
  return useCommand({
    mutationFn: retryMail,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['mailbox'] }),
  });
}
