import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';

import { useLanguage } from '@/hooks/use-language';
import { api } from '@/lib/api-client';

import type { SearchResults } from './schemas';

// GET /api/search: destinations and programs matching words typed in Arabic or English.

const loadSchema = () => import('./schemas').then((m) => m.searchResultsSchema);

export function search(q: string, lang?: string, signal?: AbortSignal): Promise<SearchResults> {
  return api.get('/api/search', { schema: loadSchema, signal, query: { q, lang, limit: 8 } });
}

export const searchQueryOptions = (q: string, lang?: string) =>
  queryOptions({ queryKey: ['search', lang, q], queryFn: ({ signal }) => search(q, lang, signal), placeholderData: keepPreviousData });

export function useSearch(q: string, enabled: boolean) {
  const lang = useLanguage();
  return useQuery({ ...searchQueryOptions(q, lang), enabled });
}
