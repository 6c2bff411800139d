import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';

import { api } from '@/lib/api-client';

// GET .../history: who changed what and when, newest first, read from the record's events.

const entrySchema = z.object({
  version: z.number(),
  action: z.string(),
  event: z.string(),
  at: z.string(),
  actor: z.object({ id: z.string(), role: z.string(), name: z.string(), email: z.string().nullish() }),
  changes: z.array(z.object({ field: z.string(), from: z.unknown(), to: z.unknown() })).nullish(),
});
export type HistoryEntry = z.infer<typeof entrySchema>;

const schema = z.object({ data: z.array(entrySchema) }).transform((v) => v.data);

export function getHistory(path: string, signal?: AbortSignal): Promise<HistoryEntry[]> {
  return api.get(path, { schema, signal });
}

export const historyQueryOptions = (path: string) =>
  queryOptions({ queryKey: ['admin-catalogue', 'history', path], queryFn: ({ signal }) => getHistory(path, signal) });

export function useHistory(path: string | undefined) {
  return useQuery({ ...historyQueryOptions(path ?? ''), enabled: Boolean(path) });
}
