import { useQueryClient } from '@tanstack/react-query';

import { api } from '@/lib/api-client';
import { useCommand } from '@/lib/command';

import { savedLocationsQueryKey } from './get-saved-locations';
import { messageSchema } from './types';

export function deleteLocation(id: string) {
  return api.delete(`/api/me/locations/${encodeURIComponent(id)}`, { schema: messageSchema });
}

export function useDeleteLocation() {
  const queryClient = useQueryClient();
  return useCommand({
    mutationFn: deleteLocation,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: savedLocationsQueryKey }),
  });
}
