import { Suspense, type ReactNode } from 'react';
import { Outlet, useLocation } from 'react-router-dom';

import { LoadFailureBoundary } from '@/components/ui/load-failure';
import { PageSpinner } from '@/components/ui/spinner';

/**
 * Where a layout shows its page, whose code loads when the page is first opened: a spinner until it
 * is there and, should it not load (offline), the layout stays and the page's place says so and tries
 * again when the connection is back, or at the next address.
 */
export function LazyPage({ children = <Outlet /> }: { children?: ReactNode }) {
  const { pathname, search } = useLocation();
  return (
    <LoadFailureBoundary resetKey={pathname + search}>
      <Suspense fallback={<PageSpinner />}>{children}</Suspense>
    </LoadFailureBoundary>
  );
}
