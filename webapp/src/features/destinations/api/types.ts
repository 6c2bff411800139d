import { z } from 'zod';

import { idSchema, numeric } from '@/lib/schemas';

export const categorySchema = z.object({
  id: idSchema,
  name: z.string(),
  slug: z.string().nullish(),
  description: z.string().nullish(),
  photo: z.string().nullish(),
  destinations_count: z.number().nullish(),
});
export type Category = z.infer<typeof categorySchema>;

export const destinationSchema = z.object({
  id: idSchema,
  name: z.string(),
  slug: z.string().nullish(),
  description: z.string().nullish(),
  summary: z.string().nullish(),
  photo: z.string().nullish(),
  visit_hours: numeric.nullish(),
  coordinates: z.unknown().optional(),
  category: categorySchema.pick({ id: true, name: true, slug: true }).nullish(),
  category_id: idSchema.nullish(),
});
export type Destination = z.infer<typeof destinationSchema>;

export const categoryKey = (category: Pick<Category, 'id' | 'slug'>) => category.slug ?? category.id;
