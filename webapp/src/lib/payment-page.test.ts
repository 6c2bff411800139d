import { afterEach, describe, expect, it, vi } from 'vitest';

import { api } from './api-client';
import { awaitPaymentPage, enquiryPayPoll, PaymentPageTimeout, paymentPagePoll, payQuotedEnquiry } from './payment-page';

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

describe('payQuotedEnquiry', () => {
  afterEach(() => vi.restoreAllMocks());

  it('answers the payment page at once when the provider opened it in time', async () => {
    const post = vi.spyOn(api, 'post').mockResolvedValueOnce({ payment_url: 'https://pay.example/5' });
    await expect(payQuotedEnquiry('MSH-5', { token: 'secret' })).resolves.toBe('https://pay.example/5');
    expect(post).toHaveBeenCalledTimes(1);
  });

  it('asks again with the same request while a guest’s payment page is being opened (202)', async () => {
    enquiryPayPoll.everyMs = 1;
    enquiryPayPoll.attempts = 5;
    const path = '/api/enquiries/MSH-6/pay';
    const post = vi
      .spyOn(api, 'post')
      .mockResolvedValueOnce({ data: { payment_pending: true, poll: path } })
      .mockResolvedValueOnce({ data: { payment_pending: true, poll: path } })
      .mockResolvedValueOnce({ payment_url: 'https://pay.example/6' });
    await expect(payQuotedEnquiry('MSH-6', { token: 'secret' })).resolves.toBe('https://pay.example/6');
    expect(post.mock.calls.map((call) => [call[0], call[1]])).toEqual([
      [path, { token: 'secret' }],
      [path, { token: 'secret' }],
      [path, { token: 'secret' }],
    ]);
  });

  it('reads the order of a signed-in owner, which the answer names', async () => {
    paymentPagePoll.everyMs = 1;
    paymentPagePoll.attempts = 5;
    vi.spyOn(api, 'post').mockResolvedValueOnce({ data: { payment_pending: true, poll: '/api/orders/MSH-7' } });
    const get = vi.spyOn(api, 'get').mockResolvedValueOnce({ data: { payment_url: 'https://pay.example/7' } });
    await expect(payQuotedEnquiry('MSH-7', { email: 'a@example.com' })).resolves.toBe('https://pay.example/7');
    expect(get.mock.calls.map((call) => call[0])).toEqual(['/api/orders/MSH-7']);
  });

  it('gives up after its attempts with the trip number, which the traveller can pay later', async () => {
    enquiryPayPoll.everyMs = 1;
    enquiryPayPoll.attempts = 2;
    const post = vi.spyOn(api, 'post').mockResolvedValue({ data: { payment_pending: true } });
    const failure = payQuotedEnquiry('MSH-8', { email: 'a@example.com' });
    await expect(failure).rejects.toBeInstanceOf(PaymentPageTimeout);
    await expect(failure).rejects.toMatchObject({ orderId: 'MSH-8' });
    expect(post).toHaveBeenCalledTimes(3);
  });
});
