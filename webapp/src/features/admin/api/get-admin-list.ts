import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';

import { api } from '@/lib/api-client';
import { idSchema } from '@/lib/schemas';

export const adminRowSchema = z.object({ id: idSchema }).catchall(z.unknown());
export type AdminRow = z.infer<typeof adminRowSchema>;

const schema = z
  .union([z.object({ data: z.array(adminRowSchema) }).loose(), z.array(adminRowSchema)])
  .transform((value) => (Array.isArray(value) ? value : value.data));

export function getAdminList(endpoint: string, signal?: AbortSignal): Promise<AdminRow[]> {
  return api.get(endpoint, { schema, signal, query: { limit: 100 } });
}

export const adminListQueryOptions = (endpoint: string) =>
  queryOptions({ queryKey: ['admin', 'list', endpoint], queryFn: ({ signal }) => getAdminList(endpoint, signal) });

export function useAdminList(endpoint: string) {
  return useQuery(adminListQueryOptions(endpoint));
}
