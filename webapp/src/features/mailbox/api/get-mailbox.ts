import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';

import { api } from '@/lib/api-client';

import { mailSummarySchema } from './types';

export interface MailboxFilter {
  status?: 'pending' | 'sent' | 'failed' | '';
  to?: string;
  offset?: number;
}

export const MAILBOX_PAGE = 50;

const schema = z.object({ data: z.array(mailSummarySchema), total: z.number() });
export type MailboxPage = z.infer<typeof schema>;

export function getMailbox(filter: MailboxFilter, signal?: AbortSignal): Promise<MailboxPage> {
  return api.get('/api/admin/mailbox', { schema, signal, query: { ...filter, limit: MAILBOX_PAGE } });
}

export function useMailbox(filter: MailboxFilter) {
  return useQuery(
    queryOptions({
      queryKey: ['mailbox', 'list', filter],
      queryFn: ({ signal }) => getMailbox(filter, signal),
      placeholderData: keepPreviousData,
      // New mail keeps arriving while the admin looks.
      refetchInterval: 10_000,
    }),
  );
}
