import { z } from 'zod';

import { api } from '@/lib/api-client';
import { useCommand } from '@/lib/command';
import { awaitPaymentPage } from '@/lib/payment-page';

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
  /** The group size (1 to 50), when the traveller gave it: the driver sees it. */
  travellers?: number;
  terms: boolean;
  currency: string;
  /** A promo code the server accepted for this trip (GET /api/orders/promo): the order is paid at the price after it. */
  promo_code?: string;
}

// The spec only requires a payment URL in the answer; ours also carries the trip number, and
// payment_pending with where to poll when the provider has not opened the page yet (201 all the same).
const responseSchema = z
  .object({
    payment_url: z.string().nullish(),
    data: z
      .object({ payment_url: z.string().nullish(), order_id: z.string().nullish(), payment_pending: z.boolean().nullish(), poll: z.string().nullish() })
      .nullish(),
  })
  .loose();

export interface Submitted {
  paymentUrl: string | null;
  orderId: string | null;
}

/**
 * Places the order and resolves with its payment page, waiting for it as "Pay now" does while the
 * provider is still opening it (PaymentPageTimeout from lib/payment-page if it never opens). Its
 * Idempotency-Key (useCommand's) makes a repeated click or a retry answer the first order.
 */
export async function submitOrder(input: OrderInput): Promise<Submitted> {
  const answer = await api.post('/api/orders', input, { schema: responseSchema });
  const orderId = answer.data?.order_id ?? null;
  const paymentUrl = answer.payment_url || answer.data?.payment_url || null;
  if (paymentUrl || !answer.data?.payment_pending) return { paymentUrl, orderId };
  const poll = answer.data.poll ?? (orderId ? `/api/orders/${encodeURIComponent(orderId)}` : null);
  if (!poll) return { paymentUrl: null, orderId };
  return { paymentUrl: await awaitPaymentPage(poll, orderId), orderId };
}

export function useSubmitOrder() {
  return useCommand({ mutationFn: submitOrder });
}
