import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';

import { usePanelsStore } from '@/stores/panels-store';

import { SiteFooter } from './footer';
import { SiteHeader } from './header';
import { LazyPage } from './lazy-page';

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
        <LazyPage />
      </main>
      <SiteFooter />
    </div>
  );
}
