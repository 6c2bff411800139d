import type { ReactNode } from 'react';

import { isApiError } from '@/lib/api-client';

import { ErrorState } from './states';

interface QueryLike<T> {
  data: T | undefined;
  isPending: boolean;
  isError: boolean;
  error?: unknown;
  refetch: () => unknown;
}

interface QueryViewProps<T> {
  query: QueryLike<T>;
  loading: ReactNode;
  empty?: ReactNode;
  isEmpty?: (data: T) => boolean;
  errorTitle?: string;
  compact?: boolean;
  children: (data: T) => ReactNode;
}

/** Renders the loading, error, empty or loaded state of one server query. */
export function QueryView<T>({ query, loading, empty, isEmpty, errorTitle, compact, children }: QueryViewProps<T>) {
  if (query.isPending) return <>{loading}</>;
  if (query.isError || query.data === undefined) {
    // Not there (or not the reader's): the server says so; trying again or the connection is no help.
    if (isApiError(query.error) && query.error.status === 404) {
      return <ErrorState title={errorTitle} description={query.error.message} compact={compact} />;
    }
    return <ErrorState title={errorTitle} compact={compact} onRetry={() => void query.refetch()} />;
  }
  if (empty !== undefined && isEmpty?.(query.data)) return <>{empty}</>;
  return <>{children(query.data)}</>;
}
