import { useQueryClient } from '@tanstack/react-query';

import { api } from '@/lib/api-client';
import { useCommand } from '@/lib/command';

import { myPickupPointsQueryKey } from './get-my-pickup-points';
import { messageSchema } from './types';

export function deleteMyPickupPoint(id: string) {
  return api.delete(`/api/me/pickup-points/${encodeURIComponent(id)}`, { schema: messageSchema });
}

export function useDeleteMyPickupPoint() {
  const queryClient = useQueryClient();
  return useCommand({
    mutationFn: deleteMyPickupPoint,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: myPickupPointsQueryKey }),
  });
}
