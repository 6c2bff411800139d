import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { z } from 'zod';

import { DESTINATIONS_PAGE_SIZE } from '@/config/constants';
import { api } from '@/lib/api-client';

import { destinationSchema } from './types';

export const destinationsPageSchema = z.object({
  data: z.array(destinationSchema),
  next_cursor: z.union([z.string(), z.number()]).transform(String).nullish(),
});
export type DestinationsPage = z.infer<typeof destinationsPageSchema>;

export interface DestinationsFilter {
  category?: string;
  q?: string;
  limit?: number;
}

export function getDestinations(filter: DestinationsFilter & { cursor?: string }, signal?: AbortSignal): Promise<DestinationsPage> {
  return api.get('/api/destinations', {
    query: { category: filter.category, q: filter.q, cursor: filter.cursor, limit: filter.limit ?? DESTINATIONS_PAGE_SIZE },
    schema: destinationsPageSchema,
    signal,
  });
}

export const destinationsQueryOptions = (filter: DestinationsFilter) =>
  infiniteQueryOptions({
    queryKey: ['destinations', 'list', filter],
    queryFn: ({ pageParam, signal }) => getDestinations({ ...filter, cursor: pageParam }, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.next_cursor ?? undefined,
  });

export function useDestinations(filter: DestinationsFilter, enabled = true) {
  return useInfiniteQuery({ ...destinationsQueryOptions(filter), enabled });
}
