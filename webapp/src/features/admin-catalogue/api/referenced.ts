import { useQueries, useQueryClient, type QueryClient } from '@tanstack/react-query';

import { recordQueryOptions } from './get-record';
import type { AdminRecord, RecordsPage } from './list-records';

/** A record a history names by id: found (archived or not), gone, or still being read. */
export type Referenced = { state: 'found'; record: AdminRecord } | { state: 'missing' } | { state: 'loading' };

/** A record of a list this page (or another) already read: no need to ask the server again. */
function fromLists(queryClient: QueryClient, endpoint: string, id: string): AdminRecord | undefined {
  for (const [, page] of queryClient.getQueriesData<RecordsPage>({ queryKey: ['admin-catalogue', endpoint, 'list'] })) {
    const found = page?.data.find((r) => r.id === id);
    if (found) return found;
  }
  return undefined;
}

/**
 * The records the given ids name, by endpoint and id: from the lists already loaded, else read one
 * by one (an archived record is still read; one the server does not know is missing).
 */
export function useReferenced(refs: ReadonlyArray<{ endpoint: string; id: string }>): (endpoint: string, id: string) => Referenced {
  const queryClient = useQueryClient();
  const results = useQueries({
    queries: refs.map(({ endpoint, id }) => ({
      ...recordQueryOptions(endpoint, id),
      initialData: () => fromLists(queryClient, endpoint, id),
    })),
  });
  const byKey = new Map<string, Referenced>();
  refs.forEach(({ endpoint, id }, i) => {
    const result = results[i];
    if (result?.data) byKey.set(`${endpoint} ${id}`, { state: 'found', record: result.data });
    // Not found (404), or not readable at all: either way there is no record to name.
    else if (result?.isError) byKey.set(`${endpoint} ${id}`, { state: 'missing' });
  });
  return (endpoint, id) => byKey.get(`${endpoint} ${id}`) ?? { state: 'loading' };
}
