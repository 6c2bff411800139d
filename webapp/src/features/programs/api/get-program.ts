import { queryOptions, useQuery } from '@tanstack/react-query';

import { api } from '@/lib/api-client';
import { oneOf } from '@/lib/schemas';

import { programSchema, type Program } from './types';

const schema = oneOf(programSchema);

export function getProgram(id: string, signal?: AbortSignal): Promise<Program> {
  return api.get(`/api/programs/${encodeURIComponent(id)}`, { schema, signal });
}

export const programQueryOptions = (id: string) =>
  queryOptions({ queryKey: ['programs', 'detail', id], queryFn: ({ signal }) => getProgram(id, signal) });

export function useProgram(id: string | undefined) {
  return useQuery({ ...programQueryOptions(id ?? ''), enabled: Boolean(id) });
}
