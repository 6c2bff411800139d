import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';

import { api } from '@/lib/api-client';

import { recordSchema, type AdminRecord } from './list-records';

const schema = z.object({ data: recordSchema }).transform((v) => v.data);

export function getRecord(endpoint: string, id: string, signal?: AbortSignal): Promise<AdminRecord> {
  return api.get(`${endpoint}/${encodeURIComponent(id)}`, { schema, signal });
}

export const recordQueryOptions = (endpoint: string, id: string) =>
  queryOptions({ queryKey: ['admin-catalogue', endpoint, 'one', id], queryFn: ({ signal }) => getRecord(endpoint, id, signal) });

export function useRecord(endpoint: string, id: string | undefined) {
  return useQuery({ ...recordQueryOptions(endpoint, id ?? ''), enabled: Boolean(id) });
}
