import { z } from 'zod';

import { idSchema, numeric } from '@/lib/schemas';

export const programSchema = z.object({
  id: idSchema,
  name: z.string(),
  slug: z.string().nullish(),
  description: z.string().nullish(),
  photo: z.string().nullish(),
  hours: numeric.nullish(),
  price: numeric.nullish(),
  destinations: z.array(z.object({ id: idSchema, name: z.string(), photo: z.string().nullish() })).nullish(),
});
export type Program = z.infer<typeof programSchema>;
