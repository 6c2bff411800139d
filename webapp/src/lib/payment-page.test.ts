import { afterEach, describe, expect, it, vi } from 'vitest';

import { api } from './api-client';
import { awaitPaymentPage, PaymentPageTimeout, paymentPagePoll } from './payment-page';

describe('awaitPaymentPage', () => {
  afterEach(() => vi.restoreAllMocks());

  it('reads the order until it carries the payment page', async () => {
    paymentPagePoll.everyMs = 1;
    paymentPagePoll.attempts = 5;
    const get = vi.spyOn(api, 'get').mockResolvedValueOnce({ data: {} }).mockResolvedValueOnce({ data: { payment_url: 'https://pay.example/3' } });
    await expect(awaitPaymentPage('/api/orders/MSH-3')).resolves.toBe('https://pay.example/3');
    expect(get.mock.calls.map((call) => call[0])).toEqual(['/api/orders/MSH-3', '/api/orders/MSH-3']);
  });

  it('gives up after its attempts, naming the order that stands', async () => {
    paymentPagePoll.everyMs = 1;
    paymentPagePoll.attempts = 2;
    const get = vi.spyOn(api, 'get').mockResolvedValue({ data: {} });
    const failure = awaitPaymentPage('/api/orders/MSH-4', 'MSH-4');
    await expect(failure).rejects.toBeInstanceOf(PaymentPageTimeout);
    await expect(failure).rejects.toMatchObject({ orderId: 'MSH-4' });
    expect(get).toHaveBeenCalledTimes(2);
  });
});
