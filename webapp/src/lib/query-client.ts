import { QueryClient } from '@tanstack/react-query';

import { isApiError } from '@/lib/api-client';

// The api client already applies the spec's single retry for idempotent
// requests, so react-query must not add retries of its own on top.
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        retry: false,
        staleTime: 60_000,
        refetchOnWindowFocus: (query) => !isApiError(query.state.error),
      },
      mutations: { retry: false },
    },
  });
}
