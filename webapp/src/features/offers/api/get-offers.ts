import { queryOptions, useQuery } from '@tanstack/react-query';

import { api } from '@/lib/api-client';

import type { Offer } from './offers-schema';

export type { Offer } from './offers-schema';

// GET /api/offers: today's published offers. The schema loads with the answer, not with the home page.
const loadSchema = () => import('./offers-schema').then((m) => m.offersEnvelope);

export function getOffers(signal?: AbortSignal): Promise<Offer[]> {
  return api.get('/api/offers', { schema: loadSchema, signal });
}

export const offersQueryOptions = () => queryOptions({ queryKey: ['offers'], queryFn: ({ signal }) => getOffers(signal), staleTime: 5 * 60_000 });

export function useOffers() {
  return useQuery(offersQueryOptions());
}
