import { queryOptions, useQuery } from '@tanstack/react-query';

import { useLanguage } from '@/hooks/use-language';
import { api } from '@/lib/api-client';
import { oneOf } from '@/lib/schemas';

import { destinationSchema, type Destination } from './schemas';

const schema = oneOf(destinationSchema);

export function getDestination(id: string, lang?: string, signal?: AbortSignal): Promise<Destination> {
  return api.get(`/api/destinations/${encodeURIComponent(id)}`, { schema, signal, query: { lang } });
}

export const destinationQueryOptions = (id: string, lang?: string) =>
  queryOptions({ queryKey: ['destinations', 'detail', lang, id], queryFn: ({ signal }) => getDestination(id, lang, signal) });

export function useDestination(id: string | null) {
  const lang = useLanguage();
  return useQuery({ ...destinationQueryOptions(id ?? '', lang), enabled: Boolean(id) });
}
