import { queryOptions } from '@tanstack/react-query';

import { api } from '@/lib/api-client';

import type { User } from '../types';

const loadSchema = () => import('../schemas').then((m) => m.meSchema);

/** The signed-in user, or null for a visitor without a session (the server answers 200 with null). */
export function getMe(signal?: AbortSignal): Promise<User | null> {
  return api.get('/api/me', { schema: loadSchema, signal });
}

export const meQueryKey = ['auth', 'me'] as const;

export const meQueryOptions = () =>
  queryOptions({ queryKey: meQueryKey, queryFn: ({ signal }) => getMe(signal), staleTime: Infinity });
