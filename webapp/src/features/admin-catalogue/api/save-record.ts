import { useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';

import { api } from '@/lib/api-client';
import { useCommand } from '@/lib/command';

import { recordSchema, type AdminRecord } from './list-records';

const schema = z.object({ data: recordSchema }).transform((v) => v.data);

export interface SaveRecordInput {
  endpoint: string;
  /** Absent: create. */
  id?: string;
  /** The version the form was loaded at; the server refuses an edit over a newer one (409). */
  version?: number;
  values: Record<string, unknown>;
}

/** Creates or edits a record; a retried save of the same values is the same save (useCommand's key). */
export function saveRecord({ endpoint, id, version, values }: SaveRecordInput): Promise<AdminRecord> {
  if (id) {
    const headers: Record<string, string> = {};
    if (version !== undefined) headers['If-Match'] = `"${String(version)}"`;
    return api.put(`${endpoint}/${encodeURIComponent(id)}`, values, { schema, headers });
  }
  return api.post(endpoint, values, { schema });
}

export function useSaveRecord() {
  const queryClient = useQueryClient();
  return useCommand({
    mutationFn: saveRecord,
    // Lists, the record and its history all change.
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: ['admin-catalogue'] });
    },
  });
}
