import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';

import { api } from '@/lib/api-client';
import { OFFLINE_REFRESH_MS, useLiveConnected } from '@/lib/live-refresh';
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

/**
 * The live notices that may change the dashboard (its figures, queue and charts, all under
 * ['admin', 'dashboard']): the orders' and enquiries' read model and the insights read model, each
 * sent after its transaction commits. AdminDashboard refreshes on them.
 */
export const DASHBOARD_EVENTS = ['order.changed', 'enquiry.changed', 'insights.changed'] as const;

/** The day's figures: read again on live notices, and on a timer only while the socket is down. */
export function useDashboard() {
  const connected = useLiveConnected();
  return useQuery({ ...dashboardQueryOptions(), refetchInterval: connected ? false : OFFLINE_REFRESH_MS });
}
