import { z } from 'zod';

import { api } from '@/lib/api-client';
import { useCommand } from '@/lib/command';

import { cartSchema } from './cart-schemas';

export const proposalSchema = z.object({
  message: z.string().default(''),
  improves: z.boolean(),
  order: z.array(z.string()),
  saves_minutes: z.number().default(0),
  saves_km: z.number().default(0),
  version: z.number().default(-1),
  current: cartSchema,
  proposed: cartSchema,
});
export type Proposal = z.infer<typeof proposalSchema>;

/** Asks for the stop order with the least driving; the cart is not changed. */
export function optimiseCart(): Promise<Proposal> {
  return api.post('/api/auth/cart/optimise', undefined, { schema: proposalSchema });
}

export function useOptimiseCart() {
  return useCommand({ mutationFn: optimiseCart });
}
