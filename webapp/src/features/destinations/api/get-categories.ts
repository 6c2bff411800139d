import { queryOptions, useQuery } from '@tanstack/react-query';

import { useLanguage } from '@/hooks/use-language';
import { api } from '@/lib/api-client';

import type { Category } from './schemas';

const loadSchema = () => import('./schemas').then((m) => m.categoriesSchema);

export function getCategories(lang?: string, signal?: AbortSignal): Promise<Category[]> {
  return api.get('/api/categories', { schema: loadSchema, signal, query: { lang } });
}

export const categoriesQueryOptions = (lang?: string) =>
  queryOptions({ queryKey: ['categories', lang], queryFn: ({ signal }) => getCategories(lang, signal), staleTime: 10 * 60_000 });

export function useCategories() {
  const lang = useLanguage();
  return useQuery(categoriesQueryOptions(lang));
}
