import { queryOptions, useQuery } from '@tanstack/react-query';

import { api } from '@/lib/api-client';

import { userEnvelopeSchema, type User } from '../types';

export function getAdmin(signal?: AbortSignal): Promise<User> {
  return api.get('/api/auth/getadmin', { schema: userEnvelopeSchema, signal });
}

export const adminQueryKey = ['auth', 'admin'] as const;

export const adminQueryOptions = () =>
  queryOptions({ queryKey: adminQueryKey, queryFn: ({ signal }) => getAdmin(signal), staleTime: 5 * 60_000 });

export function useAdmin(enabled: boolean) {
  return useQuery({ ...adminQueryOptions(), enabled });
}
