import { useQuery, useQueryClient } from '@tanstack/react-query';

import { api } from '@/lib/api-client';
import { useCommand } from '@/lib/command';

import { reviewsKey } from './get-rated';
import type { Mine, Review } from './types';

const loadMine = () => import('./schemas').then((m) => m.mineSchema);
const loadOne = () => import('./schemas').then((m) => m.oneSchema);

const mineKey = (orderId: string) => [...reviewsKey, 'mine', orderId] as const;

/** GET /api/orders/{id}/review — the traveller's review of their order's trip, and whether they may write one. */
export function useMyReview(orderId: string) {
  return useQuery({
    queryKey: mineKey(orderId),
    queryFn: ({ signal }): Promise<Mine> => api.get(`/api/orders/${encodeURIComponent(orderId)}/review`, { signal, schema: loadMine }),
  });
}

export interface ReviewInput {
  rating: number;
  text: string;
}

/** POST /api/orders/{id}/review — rate the completed trip (one per trip). */
export function useSubmitReview(orderId: string) {
  const queryClient = useQueryClient();
  return useCommand({
    mutationFn: (input: ReviewInput): Promise<Review> => api.post(`/api/orders/${encodeURIComponent(orderId)}/review`, input, { schema: loadOne }),
    onSuccess: (review: Review) => queryClient.setQueryData<Mine>(mineKey(orderId), { review, canReview: false, reason: undefined }),
  });
}
