import { z } from 'zod';

import { idSchema, numeric } from '@/lib/schemas';

export const orderSchema = z.object({
  id: idSchema,
  order_number: z.string().nullish(),
  trip_number: z.string().nullish(),
  status: z.string(),
  date: z.string().nullish(),
  time: z.string().nullish(),
  total: numeric.nullish(),
  currency: z.enum(['EGP', 'USD', 'SAR']).catch('EGP'),
  created_at: z.string().nullish(),
  destinations: z.array(z.object({ id: idSchema, name: z.string() })).nullish(),
});
export type Order = z.infer<typeof orderSchema>;
