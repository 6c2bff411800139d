import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';

import { api } from '@/lib/api-client';
import { idSchema, listOf, numeric } from '@/lib/schemas';

export const rateSchema = z.object({
  id: idSchema,
  name: z.string(),
  description: z.string().nullish(),
  price_per_km: numeric,
  waiting_per_hour: numeric,
});
export type Rate = z.infer<typeof rateSchema>;

const schema = listOf(rateSchema);

export function getRates(signal?: AbortSignal): Promise<Rate[]> {
  return api.get('/api/rates', { schema, signal });
}

export const ratesQueryOptions = () => queryOptions({ queryKey: ['rates'], queryFn: ({ signal }) => getRates(signal) });

export function useRates() {
  return useQuery(ratesQueryOptions());
}
