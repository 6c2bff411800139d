import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';

import { api } from '@/lib/api-client';

// Only what the checkout needs of the traveller's orders (GET /api/orders): which wait for payment,
// and for which start (Cairo date and time).
const schema = z
  .object({
    data: z.array(
      z.object({
        id: z.string(),
        status: z.string(),
        trip: z.object({ date: z.string(), time: z.string() }),
        actions: z.object({ pay: z.boolean() }).partial().optional(),
      }),
    ),
  })
  .loose();

export interface WaitingOrder {
  id: string;
  date: string;
  time: string;
}

const WAITING = ['awaiting_payment', 'payment_failed', 'expired'];

/** The traveller's orders waiting for payment that can still be paid ("Pay now" on their page). */
export async function getWaitingOrders(signal?: AbortSignal): Promise<WaitingOrder[]> {
  const answer = await api.get('/api/orders', { schema, signal });
  return answer.data
    .filter((order) => WAITING.includes(order.status) && order.actions?.pay === true)
    .map((order) => ({ id: order.id, date: order.trip.date, time: order.trip.time }));
}

/**
 * Read each time the checkout is shown (Back from the payment page brings it back as it was left):
 * the server resumes an order of the same trip anyway, this only tells the traveller first.
 */
export function useWaitingOrders(enabled = true) {
  return useQuery({
    queryKey: ['checkout', 'waiting-orders'],
    queryFn: ({ signal }) => getWaitingOrders(signal),
    enabled,
    staleTime: 0,
    refetchOnMount: 'always',
    retry: false,
  });
}
