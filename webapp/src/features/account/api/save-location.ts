import { useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';

import { api } from '@/lib/api-client';
import { useCommand } from '@/lib/command';

import { savedLocationsQueryKey } from './get-saved-locations';
import { savedLocationSchema } from './types';

export interface SaveLocationInput {
  label: string;
  address: string;
  kind: 'start' | 'end' | 'any';
  lat: number | null;
  lng: number | null;
}

const schema = z.object({ message: z.string(), data: savedLocationSchema });

export function saveLocation(input: SaveLocationInput): Promise<z.infer<typeof schema>> {
  return api.post('/api/me/locations', input, { schema });
}

export function useSaveLocation() {
  const queryClient = useQueryClient();
  return useCommand({
    mutationFn: saveLocation,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: savedLocationsQueryKey }),
  });
}
