import { queryOptions, useQuery } from '@tanstack/react-query';

import { api } from '@/lib/api-client';
import { oneOf } from '@/lib/schemas';

import { orderSchema, type Order } from './types';

const schema = oneOf(orderSchema);

export function getOrder(id: string, signal?: AbortSignal): Promise<Order> {
  return api.get(`/api/auth/orders/${encodeURIComponent(id)}`, { schema, signal });
}

export const orderQueryOptions = (id: string) =>
  queryOptions({ queryKey: ['account', 'orders', id], queryFn: ({ signal }) => getOrder(id, signal) });

export function useOrder(id: string) {
  return useQuery(orderQueryOptions(id));
}
