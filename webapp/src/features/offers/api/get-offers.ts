import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';

import { api } from '@/lib/api-client';
import { idSchema, listOf } from '@/lib/schemas';

const text = z.object({ en: z.string(), ar: z.string().default('') });

/**
 * An offer published today (GET /api/offers): its dates are Cairo calendar days, both included. The
 * promo code itself is handed out, never listed: needs_promo_code says one is asked for at checkout.
 */
export const offerSchema = z.object({
  id: idSchema,
  title: text,
  description: text.nullish(),
  kind: z.enum(['percent', 'amount']),
  percent_basis_points: z.number().default(0),
  amount: z.object({ minor: z.number(), currency: z.string() }).nullish(),
  needs_promo_code: z.boolean().default(false),
  valid_from: z.string(),
  valid_until: z.string(),
  applies_to: z.enum(['all', 'programs', 'rate_plans']).default('all'),
});
export type Offer = z.infer<typeof offerSchema>;

const schema = listOf(offerSchema);

export function getOffers(signal?: AbortSignal): Promise<Offer[]> {
  return api.get('/api/offers', { schema, signal });
}

export const offersQueryOptions = () => queryOptions({ queryKey: ['offers'], queryFn: ({ signal }) => getOffers(signal), staleTime: 5 * 60_000 });

export function useOffers() {
  return useQuery(offersQueryOptions());
}
