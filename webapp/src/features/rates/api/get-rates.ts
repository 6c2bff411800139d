import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';

import { useLanguage } from '@/hooks/use-language';
import { api } from '@/lib/api-client';
import { idSchema, listOf, numeric } from '@/lib/schemas';

/** Money as the API sends it ({minor, currency}) or a plain number, read as pounds. */
const pounds = z.union([numeric, z.object({ minor: z.number(), currency: z.string() })]).transform((m) => (typeof m === 'number' ? m : m.minor / 100));

export const rateSchema = z.object({
  id: idSchema,
  name: z.string(),
  description: z.string().nullish(),
  seats: z.number().nullish(),
  price_per_km: pounds,
  waiting_per_hour: pounds,
});
export type Rate = z.infer<typeof rateSchema>;

const schema = listOf(rateSchema);

export function getRates(lang?: string, signal?: AbortSignal): Promise<Rate[]> {
  return api.get('/api/rates', { schema, signal, query: { lang } });
}

export const ratesQueryOptions = (lang?: string) => queryOptions({ queryKey: ['rates', lang], queryFn: ({ signal }) => getRates(lang, signal) });

export function useRates() {
  const lang = useLanguage();
  return useQuery(ratesQueryOptions(lang));
}
