import { queryOptions, useQuery } from '@tanstack/react-query';

import { api } from '@/lib/api-client';
import { oneOf } from '@/lib/schemas';

import { mailSchema, type Mail } from './types';

const schema = oneOf(mailSchema);

export function getMail(id: string, signal?: AbortSignal): Promise<Mail> {
  return api.get(`/api/admin/mailbox/${encodeURIComponent(id)}`, { schema, signal });
}

export function useMail(id: string) {
  return useQuery(queryOptions({ queryKey: ['mailbox', 'message', id], queryFn: ({ signal }) => getMail(id, signal) }));
}
