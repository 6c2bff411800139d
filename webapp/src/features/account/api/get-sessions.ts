import { queryOptions, useQuery } from '@tanstack/react-query';

import { api } from '@/lib/api-client';
import { listOf } from '@/lib/schemas';

import { sessionSchema, type Session } from './types';

const schema = listOf(sessionSchema);

export const sessionsQueryKey = ['account', 'sessions'] as const;

export function getSessions(signal?: AbortSignal): Promise<Session[]> {
  return api.get('/api/me/sessions', { schema, signal });
}

export function useSessions() {
  return useQuery(queryOptions({ queryKey: sessionsQueryKey, queryFn: ({ signal }) => getSessions(signal) }));
}
