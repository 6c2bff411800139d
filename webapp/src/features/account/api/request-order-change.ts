import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '@/lib/api-client';

export type OrderChange = 'cancel' | 'refund' | 'exchange';

export interface OrderChangeInput {
  orderId: string;
  action: OrderChange;
  reason: string;
}

export function requestOrderChange({ orderId, action, reason }: OrderChangeInput): Promise<unknown> {
  return api.post(`/api/auth/orders/${encodeURIComponent(orderId)}/${action}`, { reason });
}

export function useRequestOrderChange() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: requestOrderChange,
    onSuccess: (_data, input) => queryClient.invalidateQueries({ queryKey: ['account', 'orders', input.orderId] }),
  });
}
