import { afterEach, describe, expect, it, vi } from 'vitest';

import { api } from './api-client';
import { PaymentPageTimeout, payOrder, paymentPagePoll } from './payment-page';

describe('payOrder', () => {
  afterEach(() => vi.restoreAllMocks());

  it('goes to the payment page at once when the provider opened it', async () => {
    vi.spyOn(api, 'post').mockResolvedValue({ payment_url: 'https://pay.example/1' });
    await expect(payOrder('MSH-1')).resolves.toBe('https://pay.example/1');
  });

  it('waits for the page while the provider is still opening it (202)', async () => {
    paymentPagePoll.everyMs = 1;
    vi.spyOn(api, 'post').mockResolvedValue({ data: { payment_pending: true, poll: '/api/orders/MSH-1' } });
    const get = vi
      .spyOn(api, 'get')
      .mockResolvedValueOnce({ data: {} })
      .mockResolvedValueOnce({ data: { payment_url: 'https://pay.example/2' } });
    await expect(payOrder('MSH-1')).resolves.toBe('https://pay.example/2');
    expect(get).toHaveBeenCalledTimes(2);
    expect(get.mock.calls[0]?.[0]).toBe('/api/orders/MSH-1');
  });

  it('gives up with its own error when the page never opens', async () => {
    paymentPagePoll.everyMs = 1;
    paymentPagePoll.attempts = 3;
    vi.spyOn(api, 'post').mockResolvedValue({ data: { payment_pending: true } });
    vi.spyOn(api, 'get').mockResolvedValue({ data: {} });
    await expect(payOrder('MSH-1')).rejects.toBeInstanceOf(PaymentPageTimeout);
  });
});
