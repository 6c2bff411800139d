import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '@/lib/api-client';

export interface SaveAdminRecordInput {
  endpoint: string;
  id?: string;
  values: Record<string, string | number | null>;
}

export function saveAdminRecord({ endpoint, id, values }: SaveAdminRecordInput): Promise<unknown> {
  return id ? api.put(`${endpoint}/${encodeURIComponent(id)}`, values) : api.post(endpoint, values);
}

export function useSaveAdminRecord() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveAdminRecord,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['admin'] }),
  });
}
