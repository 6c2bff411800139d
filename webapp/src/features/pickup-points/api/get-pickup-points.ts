import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';

import { useLanguage } from '@/hooks/use-language';
import { api } from '@/lib/api-client';
import { idSchema } from '@/lib/schemas';

export const pickupPointSchema = z
  .object({
    id: idSchema,
    name: z.string(),
    kind: z.string().nullish(),
    address: z.string().nullish(),
    lat: z.number(),
    lng: z.number(),
    default: z.boolean().nullish(),
  })
  .transform((p) => ({ ...p, coordinates: { lat: p.lat, lng: p.lng } }));
export type PickupPoint = z.infer<typeof pickupPointSchema>;

const schema = z.object({ data: z.array(pickupPointSchema), default_id: idSchema.nullish() }).transform((v) => v.data);

export function getPickupPoints(lang?: string, signal?: AbortSignal): Promise<PickupPoint[]> {
  return api.get('/api/pickup-points', { schema, signal, query: { lang } });
}

export const pickupPointsQueryOptions = (lang?: string) =>
  queryOptions({ queryKey: ['pickup-points', lang], queryFn: ({ signal }) => getPickupPoints(lang, signal), staleTime: 10 * 60_000 });

export function usePickupPoints() {
  const lang = useLanguage();
  return useQuery(pickupPointsQueryOptions(lang));
}
