import { queryOptions, useQuery } from '@tanstack/react-query';

import { api } from '@/lib/api-client';
import { listOf } from '@/lib/schemas';

import { myPickupPointSchema, type MyPickupPoint } from './types';

const schema = listOf(myPickupPointSchema);

export const myPickupPointsQueryKey = ['account', 'pickup-points'] as const;

export function getMyPickupPoints(signal?: AbortSignal): Promise<MyPickupPoint[]> {
  return api.get('/api/me/pickup-points', { schema, signal });
}

export function useMyPickupPoints(enabled = true) {
  return useQuery(queryOptions({ queryKey: myPickupPointsQueryKey, queryFn: ({ signal }) => getMyPickupPoints(signal), enabled }));
}
