import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';

import { api } from '@/lib/api-client';
import { idSchema, numeric } from '@/lib/schemas';

const card = z.object({
  id: idSchema,
  name: z.string(),
  description: z.string().nullish(),
  photo: z.string().nullish(),
  hours: numeric.nullish(),
  price: numeric.nullish(),
});

export const homeSchema = z
  .object({
    hero: z.object({ title: z.string().nullish(), subtitle: z.string().nullish(), photo: z.string().nullish() }).nullish(),
    top_programs: z.array(card).nullish(),
    most_visited: z.array(card).nullish(),
    full_day: z.object({ title: z.string().nullish(), description: z.string().nullish(), hours: numeric.nullish(), price: numeric.nullish() }).nullish(),
    faq: z.array(z.object({ question: z.string(), answer: z.string() })).nullish(),
  })
  .loose();

const envelope = z.union([z.object({ data: homeSchema }), homeSchema]).transform((value) => ('data' in value && value.data && typeof value.data === 'object' ? (value.data as z.infer<typeof homeSchema>) : value));

export type HomeContent = z.infer<typeof homeSchema>;
export type HomeCard = z.infer<typeof card>;

export function getHome(signal?: AbortSignal): Promise<HomeContent> {
  return api.get('/api/home', { schema: envelope, signal });
}

export const homeQueryOptions = () => queryOptions({ queryKey: ['home'], queryFn: ({ signal }) => getHome(signal) });

export function useHome() {
  return useQuery(homeQueryOptions());
}
