import { z } from 'zod';

import { api } from '@/lib/api-client';
import { useCommand } from '@/lib/command';

export interface OrderInput {
  rate_plan_id: string;
  // No start or end: the server places the order from the cart's start and end points, which the
  // checkout writes through the cart (PUT /api/auth/cart/points), so the price shown is the price paid.
  date: string;
  time: string;
  first_name: string;
  last_name: string;
  email: string;
  confirm_email: string;
  phone: string;
  country_key: string;
  country: string;
  comments: string;
  terms: boolean;
  currency: string;
}

// The spec only requires a payment URL in the answer; ours also carries the trip number.
const responseSchema = z
  .object({
    payment_url: z.string().nullish(),
    data: z.object({ payment_url: z.string().nullish(), order_id: z.string().nullish() }).nullish(),
  })
  .loose()
  .transform((value) => ({ paymentUrl: value.payment_url ?? value.data?.payment_url ?? null, orderId: value.data?.order_id ?? null }));
export type Submitted = z.infer<typeof responseSchema>;

/** Places the order. Its Idempotency-Key (useCommand's) makes a repeated click or a retry answer the first order. */
export function submitOrder(input: OrderInput): Promise<Submitted> {
  return api.post('/api/orders', input, { schema: responseSchema });
}

export function useSubmitOrder() {
  return useCommand({ mutationFn: submitOrder });
}
