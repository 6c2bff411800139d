import { queryOptions, useQuery } from '@tanstack/react-query';

import { api } from '@/lib/api-client';
import { oneOf } from '@/lib/schemas';

import { destinationSchema, type Destination } from './types';

const schema = oneOf(destinationSchema);

export function getDestination(id: string, signal?: AbortSignal): Promise<Destination> {
  return api.get(`/api/destinations/${encodeURIComponent(id)}`, { schema, signal });
}

export const destinationQueryOptions = (id: string) =>
  queryOptions({ queryKey: ['destinations', 'detail', id], queryFn: ({ signal }) => getDestination(id, signal) });

export function useDestination(id: string | null) {
  return useQuery({ ...destinationQueryOptions(id ?? ''), enabled: Boolean(id) });
}
