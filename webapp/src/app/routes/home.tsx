import { Suspense } from 'react';

import { LoadFailureBoundary } from '@/components/ui/load-failure';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { loadMessages } from '@/lib/i18n';
import { lazyComponent } from '@/lib/lazy-component';
import { HomeSections } from '@/features/home/components/home-sections';
import { OffersSection } from '@/features/offers/components/offers-section';

// Travellers' reviews load after the page (with their words): not part of the home page's first download.
// Offline, the page reads well without them; they come when the connection is back.
const RecentReviews = lazyComponent(() =>
  Promise.all([import('@/features/reviews/components/recent-reviews'), loadMessages('site').catch(() => undefined)]).then(([m]) => m.RecentReviews),
);

export function HomeRoute() {
  useDocumentTitle(undefined);
  return (
    <>
      <HomeSections />
      <OffersSection />
      <LoadFailureBoundary silent>
        <Suspense fallback={null}>
          <RecentReviews />
        </Suspense>
      </LoadFailureBoundary>
    </>
  );
}
