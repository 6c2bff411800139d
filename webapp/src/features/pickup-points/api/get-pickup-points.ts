import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';

import { api } from '@/lib/api-client';
import { idSchema, listOf } from '@/lib/schemas';

export const pickupPointSchema = z.object({
  id: idSchema,
  name: z.string(),
  address: z.string().nullish(),
  description: z.string().nullish(),
  coordinates: z.unknown().optional(),
});
export type PickupPoint = z.infer<typeof pickupPointSchema>;

const schema = listOf(pickupPointSchema);

export function getPickupPoints(signal?: AbortSignal): Promise<PickupPoint[]> {
  return api.get('/api/pickup-points', { schema, signal });
}

export const pickupPointsQueryOptions = () =>
  queryOptions({ queryKey: ['pickup-points'], queryFn: ({ signal }) => getPickupPoints(signal), staleTime: 10 * 60_000 });

export function usePickupPoints() {
  return useQuery(pickupPointsQueryOptions());
}
