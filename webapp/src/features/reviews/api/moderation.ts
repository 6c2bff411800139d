import { useQuery, useQueryClient } from '@tanstack/react-query';

import { api } from '@/lib/api-client';
import { useCommand } from '@/lib/command';

import { reviewsKey } from './get-rated';
import type { Review, ReviewStatus } from './types';

const loadList = () => import('./schemas').then((m) => m.listSchema);
const loadOne = () => import('./schemas').then((m) => m.oneSchema);

/** GET /api/admin/reviews?status= — staff's moderation list (pending: the queue, oldest first). */
export function useModerationList(status: ReviewStatus) {
  return useQuery({
    queryKey: [...reviewsKey, 'moderation', status],
    queryFn: ({ signal }): Promise<Review[]> => api.get('/api/admin/reviews', { signal, query: { status }, schema: loadList }),
  });
}

export type Moderation = { orderId: string; action: 'approve' } | { orderId: string; action: 'reject'; reason: string };

/** POST /api/admin/reviews/{id}/approve or /reject — publish a review or keep it off the site. */
export function useModerate() {
  const queryClient = useQueryClient();
  return useCommand({
    mutationFn: (m: Moderation): Promise<Review> =>
      api.post(`/api/admin/reviews/${encodeURIComponent(m.orderId)}/${m.action}`, m.action === 'reject' ? { reason: m.reason } : {}, { schema: loadOne }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: reviewsKey }),
  });
}
