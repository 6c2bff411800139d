// A payment page the provider is still opening: the command that asked for it (checkout's 201, "Pay
// now"'s 202) answered with payment_pending and where to poll, and the order carries payment_url
// once the job opening it has done so. Checkout and "Pay now" both wait for it here.
import { z } from 'zod';

import { api } from './api-client';

/** How often and how long a pending payment page is waited for. */
export const paymentPagePoll = { everyMs: 1000, attempts: 30 };

/** The page did not open in time: the order stands (orderId, when known) and can be paid from its page later. */
export class PaymentPageTimeout extends Error {
  constructor(readonly orderId: string | null = null) {
    super('the payment page was not opened in time');
  }
}

const orderPage = z.object({ data: z.object({ payment_url: z.string().optional() }) });

// 200 carries the payment page; 202 means the provider is still opening it.
const payAnswer = z.object({
  payment_url: z.string().optional(),
  data: z.object({ payment_pending: z.boolean().optional(), poll: z.string().optional() }).optional(),
});

/**
 * "Pay now" on the traveller's order (POST /api/orders/{id}/pay): the session still open, a new one,
 * or the order paid again (the same trip number, a car held again) after its payment failed or its
 * hold lapsed. Resolves with the payment page, waiting for it while the provider opens it.
 */
export async function payOrder(id: string): Promise<string> {
  const answer = await api.post(`/api/orders/${encodeURIComponent(id)}/pay`, {}, { schema: payAnswer });
  if (answer.payment_url) return answer.payment_url;
  return awaitPaymentPage(answer.data?.poll ?? `/api/orders/${encodeURIComponent(id)}`, id);
}

/** Polls `poll` (the order) until it carries its payment page; PaymentPageTimeout after paymentPagePoll. */
export async function awaitPaymentPage(poll: string, orderId: string | null = null): Promise<string> {
  for (let i = 0; i < paymentPagePoll.attempts; i++) {
    await new Promise((resolve) => setTimeout(resolve, paymentPagePoll.everyMs));
    const order = await api.get(poll, { schema: orderPage });
    if (order.data.payment_url) return order.data.payment_url;
  }
  throw new PaymentPageTimeout(orderId);
}
