import { useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';

import { api } from '@/lib/api-client';
import { useCommand } from '@/lib/command';

import { myPickupPointsQueryKey } from './get-my-pickup-points';
import { myPickupPointSchema } from './types';

export interface MyPickupPointInput {
  name: string;
  address: string;
  notes: string;
  lat: number | null;
  lng: number | null;
}

const schema = z.object({ message: z.string(), data: myPickupPointSchema });

export function addMyPickupPoint(input: MyPickupPointInput): Promise<z.infer<typeof schema>> {
  return api.post('/api/me/pickup-points', input, { schema });
}

export function useAddMyPickupPoint() {
  const queryClient = useQueryClient();
  return useCommand({
    mutationFn: addMyPickupPoint,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: myPickupPointsQueryKey }),
  });
}
