import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';

import { api } from '@/lib/api-client';

import { orderKey, orderSchema, type Order } from './types';

const schema = z.object({ data: orderSchema }).transform((value) => value.data);

export function getOrder(id: string, signal?: AbortSignal): Promise<Order> {
  return api.get(`/api/orders/${encodeURIComponent(id)}`, { schema, signal });
}

export const orderQueryOptions = (id: string) =>
  queryOptions({ queryKey: orderKey(id), queryFn: ({ signal }) => getOrder(id, signal) });

/** refetchMs polls while waiting for something the server will tell (a payment's outcome). */
export function useOrder(id: string, refetchMs?: number) {
  return useQuery({ ...orderQueryOptions(id), refetchInterval: refetchMs ?? false });
}
