import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';

import { api } from '@/lib/api-client';

import { recordSchema, type AdminRecord } from './list-records';

const schema = z.object({ data: recordSchema }).transform((v) => v.data);

export interface SaveRecordInput {
  endpoint: string;
  /** Absent: create. */
  id?: string;
  /** The version the form was loaded at; the server refuses an edit over a newer one (409). */
  version?: number;
  values: Record<string, unknown>;
  /** Makes a retried create the same create. */
  idempotencyKey: string;
}

export function saveRecord({ endpoint, id, version, values, idempotencyKey }: SaveRecordInput): Promise<AdminRecord> {
  if (id) {
    const headers: Record<string, string> = { 'Idempotency-Key': idempotencyKey };
    if (version !== undefined) headers['If-Match'] = `"${String(version)}"`;
    return api.put(`${endpoint}/${encodeURIComponent(id)}`, values, { schema, headers });
  }
  return api.post(endpoint, values, { schema, headers: { 'Idempotency-Key': idempotencyKey } });
}

export function useSaveRecord() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveRecord,
    // Lists, the record and its history all change.
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: ['admin-catalogue'] });
    },
  });
}
