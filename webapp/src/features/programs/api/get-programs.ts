import { queryOptions, useQuery } from '@tanstack/react-query';

import { useLanguage } from '@/hooks/use-language';
import { api } from '@/lib/api-client';

import type { Program } from './schemas';

const loadSchema = () => import('./schemas').then((m) => m.programsSchema);

export function getPrograms(lang?: string, q?: string, signal?: AbortSignal): Promise<Program[]> {
  return api.get('/api/programs', { schema: loadSchema, signal, query: { lang, q } });
}

export const programsQueryOptions = (lang?: string, q?: string) =>
  queryOptions({ queryKey: ['programs', 'list', lang, q ?? ''], queryFn: ({ signal }) => getPrograms(lang, q, signal) });

export function usePrograms(q?: string) {
  const lang = useLanguage();
  return useQuery(programsQueryOptions(lang, q));
}
