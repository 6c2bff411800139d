import { queryOptions, useQuery } from '@tanstack/react-query';

import { useLanguage } from '@/hooks/use-language';
import { api } from '@/lib/api-client';
import { listOf } from '@/lib/schemas';

import { categorySchema, type Category } from './types';

const schema = listOf(categorySchema);

export function getCategories(lang?: string, signal?: AbortSignal): Promise<Category[]> {
  return api.get('/api/categories', { schema, signal, query: { lang } });
}

export const categoriesQueryOptions = (lang?: string) =>
  queryOptions({ queryKey: ['categories', lang], queryFn: ({ signal }) => getCategories(lang, signal), staleTime: 10 * 60_000 });

export function useCategories() {
  const lang = useLanguage();
  return useQuery(categoriesQueryOptions(lang));
}
