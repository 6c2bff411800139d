import { Suspense, useEffect } from 'react';
import { Outlet, useLocation } from 'react-router-dom';

import { PageSpinner } from '@/components/ui/spinner';
import { usePanelsStore } from '@/stores/panels-store';

import { SiteFooter } from './footer';
import { SiteHeader } from './header';

/** Closes panels and scrolls to the top on every navigation. */
export function useNavigationReset(): void {
  const { pathname, search } = useLocation();
  useEffect(() => {
    usePanelsStore.getState().close();
    window.scrollTo({ top: 0 });
  }, [pathname, search]);
}

export function HomeLayout() {
  useNavigationReset();
  return (
    <div className="shell">
      <SiteHeader />
      <main id="main" className="main container" tabIndex={-1}>
        <Suspense fallback={<PageSpinner />}>
          <Outlet />
        </Suspense>
      </main>
      <SiteFooter />
    </div>
  );
}
