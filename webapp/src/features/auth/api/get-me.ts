import { queryOptions } from '@tanstack/react-query';

import { api } from '@/lib/api-client';

import type { User } from '../types';

const loadSchema = () => import('../schemas').then((m) => m.meSchema);

/** The signed-in user, or null for a visitor without a session (the server answers 200 with null). */
export function getMe(signal?: AbortSignal): Promise<User | null> {
  return api.get('/api/me', { schema: loadSchema, signal });
}

export const meQueryKey = ['auth', 'me'] as const;

// Asked again when the tab comes back into view (the query client refetches stale queries on focus):
// a session ended in another tab, or one that expired while the tab slept, is then said at once
// instead of at the next signed-in request.
export const meQueryOptions = () =>
  queryOptions({ queryKey: meQueryKey, queryFn: ({ signal }) => getMe(signal), staleTime: 30_000 });
