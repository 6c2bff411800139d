import { queryOptions, useQuery } from '@tanstack/react-query';

import { api } from '@/lib/api-client';
import { listOf } from '@/lib/schemas';

import { programSchema, type Program } from './types';

const schema = listOf(programSchema);

export function getPrograms(signal?: AbortSignal): Promise<Program[]> {
  return api.get('/api/programs', { schema, signal });
}

export const programsQueryOptions = () =>
  queryOptions({ queryKey: ['programs', 'list'], queryFn: ({ signal }) => getPrograms(signal) });

export function usePrograms() {
  return useQuery(programsQueryOptions());
}
