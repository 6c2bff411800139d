import { useQuery } from '@tanstack/react-query';

import { api } from '@/lib/api-client';

import type { PublicReview, Rated } from './types';

const loadRated = () => import('./schemas').then((m) => m.ratedSchema);
const loadRecent = () => import('./schemas').then((m) => m.recentSchema);

export const reviewsKey = ['reviews'] as const;

/** GET /api/destinations/{id}/reviews or /api/programs/{id}/reviews — the rating and newest approved reviews. */
export function useRated(kind: 'destination' | 'program', id: string) {
  return useQuery({
    queryKey: [...reviewsKey, kind, id],
    queryFn: ({ signal }): Promise<Rated> => api.get(`/api/${kind}s/${encodeURIComponent(id)}/reviews`, { signal, schema: loadRated }),
    staleTime: 60_000,
  });
}

/** GET /api/reviews — the newest approved reviews (the home page). */
export function useRecentReviews(limit = 6) {
  return useQuery({
    queryKey: [...reviewsKey, 'recent', limit],
    queryFn: ({ signal }): Promise<PublicReview[]> => api.get('/api/reviews', { signal, query: { limit }, schema: loadRecent }),
    staleTime: 60_000,
  });
}
