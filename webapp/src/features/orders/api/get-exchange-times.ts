import { useQuery } from '@tanstack/react-query';

import { api } from '@/lib/api-client';
import { pickupTimesSchema as schema, type PickupTimes } from '@/lib/schemas';

export type ExchangeTimes = PickupTimes;

export function getExchangeTimes(id: string, date: string, signal?: AbortSignal): Promise<ExchangeTimes> {
  return api.get(`/api/orders/${encodeURIComponent(id)}/exchange/pickup-times`, { query: { date }, schema, signal });
}

/** The pickup times of a day the order could be moved to: those at which its own trip fits the day. */
export function useExchangeTimes(id: string, date: string) {
  return useQuery({
    queryKey: ['account', 'orders', id, 'exchange-times', date],
    queryFn: ({ signal }) => getExchangeTimes(id, date, signal),
    enabled: /^\d{4}-\d{2}-\d{2}$/.test(date),
    staleTime: 30_000,
  });
}
