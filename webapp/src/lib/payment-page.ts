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

/**
 * "Pay now" on a quoted enquiry (POST /api/enquiries/{trip}/pay with the link's secret or the
 * enquiry's e-mail): the quote becomes an order and its payment page opens. While the provider is
 * still opening it (202), a guest asks again with the same request, which finds the session being
 * opened and opens no other; a signed-in owner reads their order. Resolves with the payment page.
 */
export async function payQuotedEnquiry(tripNumber: string, proof: { token: string } | { email: string }): Promise<string> {
  const path = `/api/enquiries/${encodeURIComponent(tripNumber)}/pay`;
  const answer = await api.post(path, proof, { schema: payAnswer });
  if (answer.payment_url) return answer.payment_url;
  const poll = answer.data?.poll;
  if (poll && poll !== path) return awaitPaymentPage(poll, tripNumber);
  for (let i = 0; i < enquiryPayPoll.attempts; i++) {
    await new Promise((resolve) => setTimeout(resolve, enquiryPayPoll.everyMs));
    const again = await api.post(path, proof, { schema: payAnswer });
    if (again.payment_url) return again.payment_url;
  }
  throw new PaymentPageTimeout(tripNumber);
}

/**
 * How often and how long a guest asks again for a quote's payment page: every request with an e-mail
 * spends one of the few guesses an address has (commands/orders EnquiryPaymentRule), so fewer, slower
 * attempts than an order's poll (the server waits a few seconds for the page on each).
 */
export const enquiryPayPoll = { everyMs: 2000, attempts: 6 };
