import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';

import { api } from '@/lib/api-client';
import { OFFLINE_REFRESH_MS, useLiveConnected } from '@/lib/live-refresh';
import { numeric, oneOf } from '@/lib/schemas';

const name = z.object({ en: z.string(), ar: z.string() });
const ranked = z.object({ id: z.string(), name, bookings: numeric });

export const insightsSchema = z.object({
  time_zone: z.string(),
  days: numeric,
  from: z.string(),
  to: z.string(),
  capacity_from: z.string(),
  capacity_to: z.string(),
  rate_plans: z.array(z.object({ id: z.string(), name })),
  bookings: z.array(z.object({ day: z.string(), rate_plan_id: z.string(), bookings: numeric })),
  revenue: z.array(z.object({ day: z.string(), rate_plan_id: z.string(), currency: z.string(), paid: numeric, refunded: numeric, net: numeric })),
  cancellations: z.array(z.object({ day: z.string(), count: numeric })),
  refunds: z.array(z.object({ currency: z.string(), amount: numeric, count: numeric })),
  capacity: z.array(z.object({ day: z.string(), capacity: numeric, booked: numeric, held: numeric })),
  top_destinations: z.array(ranked),
  top_programs: z.array(ranked),
  enquiries: z.object({ submitted: numeric, quoted: numeric, declined: numeric, converted: numeric, conversion_rate: numeric }),
});
export type Insights = z.infer<typeof insightsSchema>;

/** The periods the charts look back over, in Cairo days. */
export const PERIODS = [30, 90] as const;
export type Period = (typeof PERIODS)[number];

const schema = oneOf(insightsSchema);

export function getInsights(days: Period, signal?: AbortSignal): Promise<Insights> {
  return api.get('/api/admin/dashboard/insights', { query: { days }, schema, signal });
}

export const insightsQueryOptions = (days: Period) =>
  queryOptions({
    queryKey: ['admin', 'dashboard', 'insights', days],
    queryFn: ({ signal }) => getInsights(days, signal),
    staleTime: 30_000,
    placeholderData: keepPreviousData,
  });

/** The charts' figures: read again on live notices (AdminDashboard), on a timer only while the socket is down. */
export function useInsights(days: Period) {
  const connected = useLiveConnected();
  return useQuery({ ...insightsQueryOptions(days), refetchInterval: connected ? false : OFFLINE_REFRESH_MS });
}
