import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';

import { DESTINATIONS_PAGE_SIZE } from '@/config/constants';
import { useLanguage } from '@/hooks/use-language';
import { api } from '@/lib/api-client';

import type { DestinationsPage } from './schemas';

const loadSchema = () => import('./schemas').then((m) => m.destinationsPageSchema);

export interface DestinationsFilter {
  category?: string;
  q?: string;
  limit?: number;
}

export function getDestinations(filter: DestinationsFilter & { cursor?: string; lang?: string }, signal?: AbortSignal): Promise<DestinationsPage> {
  return api.get('/api/destinations', {
    query: { category: filter.category, q: filter.q, cursor: filter.cursor, limit: filter.limit ?? DESTINATIONS_PAGE_SIZE, lang: filter.lang },
    schema: loadSchema,
    signal,
  });
}

export const destinationsQueryOptions = (filter: DestinationsFilter, lang?: string) =>
  infiniteQueryOptions({
    queryKey: ['destinations', 'list', lang, filter],
    queryFn: ({ pageParam, signal }) => getDestinations({ ...filter, cursor: pageParam, lang }, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.next_cursor ?? undefined,
  });

export function useDestinations(filter: DestinationsFilter, enabled = true) {
  const lang = useLanguage();
  return useInfiniteQuery({ ...destinationsQueryOptions(filter, lang), enabled });
}
