import { queryOptions, useQuery } from '@tanstack/react-query';

import { useLanguage } from '@/hooks/use-language';
import { api } from '@/lib/api-client';

import type { HomeContent } from './home-schema';

// GET /api/home, asked in the UI's language. Cards link by slug, the pages' canonical address.

export type HomeCard = HomeContent['top_programs'][number];

const loadSchema = () => import('./home-schema').then((m) => m.envelope);

export function getHome(lang?: string, signal?: AbortSignal): Promise<HomeContent> {
  return api.get('/api/home', { schema: loadSchema, signal, query: { lang } });
}

export const homeQueryOptions = (lang?: string) => queryOptions({ queryKey: ['home', lang], queryFn: ({ signal }) => getHome(lang, signal) });

export function useHome() {
  const lang = useLanguage();
  return useQuery(homeQueryOptions(lang));
}
