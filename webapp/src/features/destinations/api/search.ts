import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';

import { useLanguage } from '@/hooks/use-language';
import { api } from '@/lib/api-client';
import { idSchema } from '@/lib/schemas';

import { destinationSchema } from './types';

// GET /api/search: destinations and programs matching words typed in Arabic or English.

const programHitSchema = z.object({ id: idSchema, slug: z.string(), name: z.string(), hours: z.number().nullish() });

const schema = z
  .object({ data: z.object({ destinations: z.array(destinationSchema), programs: z.array(programHitSchema) }) })
  .transform((v) => v.data);
export type SearchResults = z.infer<typeof schema>;

export function search(q: string, lang?: string, signal?: AbortSignal): Promise<SearchResults> {
  return api.get('/api/search', { schema, signal, query: { q, lang, limit: 8 } });
}

export const searchQueryOptions = (q: string, lang?: string) =>
  queryOptions({ queryKey: ['search', lang, q], queryFn: ({ signal }) => search(q, lang, signal), placeholderData: keepPreviousData });

export function useSearch(q: string, enabled: boolean) {
  const lang = useLanguage();
  return useQuery({ ...searchQueryOptions(q, lang), enabled });
}
