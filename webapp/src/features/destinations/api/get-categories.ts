import { queryOptions, useQuery } from '@tanstack/react-query';

import { api } from '@/lib/api-client';
import { listOf } from '@/lib/schemas';

import { categorySchema, type Category } from './types';

const schema = listOf(categorySchema);

export function getCategories(signal?: AbortSignal): Promise<Category[]> {
  return api.get('/api/categories', { schema, signal });
}

export const categoriesQueryOptions = () =>
  queryOptions({ queryKey: ['categories'], queryFn: ({ signal }) => getCategories(signal), staleTime: 10 * 60_000 });

export function useCategories() {
  return useQuery(categoriesQueryOptions());
}
