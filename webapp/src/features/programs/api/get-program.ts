import { queryOptions, useQuery } from '@tanstack/react-query';

import { useLanguage } from '@/hooks/use-language';
import { api } from '@/lib/api-client';
import { oneOf } from '@/lib/schemas';

import { programSchema, type Program } from './schemas';

const schema = oneOf(programSchema);

export function getProgram(id: string, lang?: string, signal?: AbortSignal): Promise<Program> {
  return api.get(`/api/programs/${encodeURIComponent(id)}`, { schema, signal, query: { lang } });
}

export const programQueryOptions = (id: string, lang?: string) =>
  queryOptions({ queryKey: ['programs', 'detail', lang, id], queryFn: ({ signal }) => getProgram(id, lang, signal) });

export function useProgram(id: string | undefined) {
  const lang = useLanguage();
  return useQuery({ ...programQueryOptions(id ?? '', lang), enabled: Boolean(id) });
}
