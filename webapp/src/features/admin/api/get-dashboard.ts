import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';

import { api } from '@/lib/api-client';
import { numeric, oneOf } from '@/lib/schemas';

export const dashboardSchema = z.object({
  trips_today: numeric.default(0),
  open_orders: numeric.default(0),
  pending_enquiries: numeric.default(0),
  revenue_month: numeric.default(0),
});
export type Dashboard = z.infer<typeof dashboardSchema>;

const schema = oneOf(dashboardSchema);

export function getDashboard(signal?: AbortSignal): Promise<Dashboard> {
  return api.get('/api/admin/dashboard', { schema, signal });
}

export const dashboardQueryOptions = () =>
  queryOptions({ queryKey: ['admin', 'dashboard'], queryFn: ({ signal }) => getDashboard(signal), staleTime: 30_000 });

export function useDashboard() {
  return useQuery(dashboardQueryOptions());
}
