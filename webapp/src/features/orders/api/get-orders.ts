import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';

import { api } from '@/lib/api-client';

import { enquirySchema, orderSchema, ordersKey } from './types';

const schema = z.object({ data: z.array(orderSchema), enquiries: z.array(enquirySchema) });
export type OrderList = z.infer<typeof schema>;

export function getOrders(signal?: AbortSignal): Promise<OrderList> {
  return api.get('/api/orders', { schema, signal });
}

export const ordersQueryOptions = () => queryOptions({ queryKey: ordersKey, queryFn: ({ signal }) => getOrders(signal) });

export function useOrders() {
  return useQuery(ordersQueryOptions());
}
