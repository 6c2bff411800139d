import { afterEach, describe, expect, it, vi } from 'vitest';

import { api } from '@/lib/api-client';
import { PaymentPageTimeout, paymentPagePoll } from '@/lib/payment-page';

import { submitOrder, type OrderInput } from './submit-order';

const input = {} as OrderInput;

describe('submitOrder', () => {
  afterEach(() => vi.restoreAllMocks());

  it('goes to the payment page the answer carries', async () => {
    vi.spyOn(api, 'post').mockResolvedValue({ payment_url: 'https://pay.example/1', data: { order_id: 'MSH-1' } });
    const get = vi.spyOn(api, 'get');
    await expect(submitOrder(input)).resolves.toEqual({ paymentUrl: 'https://pay.example/1', orderId: 'MSH-1' });
    expect(get).not.toHaveBeenCalled();
  });

  it('waits, as "Pay now" does, for a page the provider is still opening (201 with payment_pending)', async () => {
    paymentPagePoll.everyMs = 1;
    paymentPagePoll.attempts = 5;
    vi.spyOn(api, 'post').mockResolvedValue({ payment_url: '', data: { order_id: 'MSH-2', payment_url: '', payment_pending: true, poll: '/api/orders/MSH-2' } });
    const get = vi.spyOn(api, 'get').mockResolvedValueOnce({ data: {} }).mockResolvedValueOnce({ data: { payment_url: 'https://pay.example/2' } });
    await expect(submitOrder(input)).resolves.toEqual({ paymentUrl: 'https://pay.example/2', orderId: 'MSH-2' });
    expect(get.mock.calls[0]?.[0]).toBe('/api/orders/MSH-2');
  });

  it('says which order stands when its page never opens', async () => {
    paymentPagePoll.everyMs = 1;
    paymentPagePoll.attempts = 2;
    vi.spyOn(api, 'post').mockResolvedValue({ data: { order_id: 'MSH-5', payment_pending: true, poll: '/api/orders/MSH-5' } });
    vi.spyOn(api, 'get').mockResolvedValue({ data: {} });
    const failure = submitOrder(input);
    await expect(failure).rejects.toBeInstanceOf(PaymentPageTimeout);
    await expect(failure).rejects.toMatchObject({ orderId: 'MSH-5' });
  });
});
