import { useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';

import { api } from '@/lib/api-client';
import { useCommand } from '@/lib/command';

const schema = z.object({ message: z.string().nullish(), used_by_programs: z.array(z.object({ name: z.string() }).loose()).nullish() }).loose();
export type ArchiveResult = z.infer<typeof schema>;

/** Archives ("deletes") or restores a record. */
export function archiveRecord({ endpoint, id, restore }: { endpoint: string; id: string; restore: boolean }): Promise<ArchiveResult> {
  const path = `${endpoint}/${encodeURIComponent(id)}`;
  return restore ? api.post(`${path}/restore`, undefined, { schema }) : api.delete(path, { schema });
}

export function useArchiveRecord() {
  const queryClient = useQueryClient();
  return useCommand({
    mutationFn: archiveRecord,
    // Lists, the record and its history all change.
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: ['admin-catalogue'] });
    },
  });
}
