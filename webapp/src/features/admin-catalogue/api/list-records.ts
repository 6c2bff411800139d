import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';

import { api } from '@/lib/api-client';

import type { Sort, Status } from '../kinds';

// GET /api/admin/{kind}: one page of any publication state, searched in Arabic or English.

export const recordSchema = z.object({ id: z.string(), archived: z.boolean(), version: z.number(), updated_at: z.string() }).catchall(z.unknown());
export type AdminRecord = z.infer<typeof recordSchema>;

const pageSchema = z.object({ data: z.array(recordSchema), total: z.number(), page: z.number(), per_page: z.number() });
export type RecordsPage = z.infer<typeof pageSchema>;

export interface ListQuery {
  q: string;
  sort: Sort;
  desc: boolean;
  status: Status;
  page: number;
  perPage: number;
}

export function listRecords(endpoint: string, query: ListQuery, signal?: AbortSignal): Promise<RecordsPage> {
  return api.get(endpoint, {
    schema: pageSchema,
    signal,
    query: { q: query.q || undefined, sort: query.sort, dir: query.desc ? 'desc' : 'asc', status: query.status, page: query.page, per_page: query.perPage },
  });
}

export const recordsQueryOptions = (endpoint: string, query: ListQuery) =>
  queryOptions({ queryKey: ['admin-catalogue', endpoint, 'list', query], queryFn: ({ signal }) => listRecords(endpoint, query, signal), placeholderData: keepPreviousData });

export function useRecords(endpoint: string, query: ListQuery) {
  return useQuery(recordsQueryOptions(endpoint, query));
}

/** Every active record of a collection, for pickers (categories, destinations, programs). */
export function useAllRecords(endpoint: string) {
  return useQuery(recordsQueryOptions(endpoint, { q: '', sort: 'name', desc: false, status: 'active', page: 1, perPage: 100 }));
}
