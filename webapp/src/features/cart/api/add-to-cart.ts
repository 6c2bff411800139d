import { useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';

import { api } from '@/lib/api-client';
import { useCommand } from '@/lib/command';

import { useCartMirrorStore } from '../stores/cart-mirror-store';

import { cartItemSchema } from './cart-schemas';
import { cartQueryKey } from './get-cart';

export const addedItemSchema = z.object({
  message: z.string().nullish(),
  data: cartItemSchema.nullish(),
  version: z.number().default(-1),
});
export type AddedItem = z.infer<typeof addedItemSchema>;

/** POST api/auth/cart as the spec's client sends it: a multipart form with destination_id. */
export function addToCart(destinationId: string): Promise<AddedItem> {
  const form = new FormData();
  form.append('destination_id', destinationId);
  return api.post('/api/auth/cart', form, { schema: addedItemSchema });
}

export function useAddToCart() {
  const queryClient = useQueryClient();
  return useCommand({
    mutationFn: addToCart,
    onSuccess: (_, destinationId) => {
      useCartMirrorStore.getState().add(destinationId);
      void queryClient.invalidateQueries({ queryKey: cartQueryKey });
    },
  });
}
