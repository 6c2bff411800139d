import { queryOptions } from '@tanstack/react-query';

import { api } from '@/lib/api-client';

import { userEnvelopeSchema, type User } from '../types';

export function getMe(signal?: AbortSignal): Promise<User> {
  return api.get('/api/me', { schema: userEnvelopeSchema, signal });
}

export const meQueryKey = ['auth', 'me'] as const;

export const meQueryOptions = () =>
  queryOptions({ queryKey: meQueryKey, queryFn: ({ signal }) => getMe(signal), staleTime: Infinity });
