import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';

import { api } from '@/lib/api-client';

export interface OrderInput {
  rate_id: string;
  start_point_id: string;
  end_point_id: string;
  date: string;
  time: string;
  first_name: string;
  last_name: string;
  email: string;
  phone_number: string;
  country: string;
  comments: string;
}

// The spec only says the answer must contain a payment URL.
const responseSchema = z
  .object({
    payment_url: z.string().nullish(),
    data: z.object({ payment_url: z.string().nullish(), order_id: z.union([z.string(), z.number()]).nullish() }).nullish(),
  })
  .loose()
  .transform((value) => ({ paymentUrl: value.payment_url ?? value.data?.payment_url ?? null }));

export function submitOrder(input: OrderInput): Promise<{ paymentUrl: string | null }> {
  return api.post('/api/orders', input, { schema: responseSchema });
}

export function useSubmitOrder() {
  return useMutation({ mutationFn: submitOrder });
}
