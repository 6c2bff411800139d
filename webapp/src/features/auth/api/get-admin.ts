import { queryOptions, useQuery } from '@tanstack/react-query';

import { api } from '@/lib/api-client';

import type { User } from '../types';

const loadSchema = () => import('../schemas').then((m) => m.userEnvelopeSchema);

export function getAdmin(signal?: AbortSignal): Promise<User> {
  // 401 is also its answer to a signed-in traveller (no admin access): RequireAdmin reads it.
  return api.get('/api/auth/getadmin', { schema: loadSchema, signal, answersUnauthorized: true });
}

export const adminQueryKey = ['auth', 'admin'] as const;

export const adminQueryOptions = () =>
  queryOptions({ queryKey: adminQueryKey, queryFn: ({ signal }) => getAdmin(signal), staleTime: 5 * 60_000 });

export function useAdmin(enabled: boolean) {
  return useQuery({ ...adminQueryOptions(), enabled });
}
