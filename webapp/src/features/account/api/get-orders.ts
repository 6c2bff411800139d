import { queryOptions, useQuery } from '@tanstack/react-query';

import { api } from '@/lib/api-client';
import { listOf } from '@/lib/schemas';

import { orderSchema, type Order } from './types';

const schema = listOf(orderSchema);

export function getOrders(signal?: AbortSignal): Promise<Order[]> {
  return api.get('/api/auth/orders', { schema, signal });
}

export const ordersQueryOptions = () =>
  queryOptions({ queryKey: ['account', 'orders'], queryFn: ({ signal }) => getOrders(signal) });

export function useOrders() {
  return useQuery(ordersQueryOptions());
}
