import { lazy, Suspense } from 'react';

import { useDocumentTitle } from '@/hooks/use-document-title';
import { loadMessages } from '@/lib/i18n';
import { HomeSections } from '@/features/home/components/home-sections';
import { OffersSection } from '@/features/offers/components/offers-section';

// Travellers' reviews load after the page (with their words): not part of the home page's first download.
const RecentReviews = lazy(() =>
  Promise.all([import('@/features/reviews/components/recent-reviews'), loadMessages('site').catch(() => undefined)]).then(([m]) => ({ default: m.RecentReviews })),
);

export function HomeRoute() {
  useDocumentTitle(undefined);
  return (
    <>
      <HomeSections />
      <OffersSection />
      <Suspense fallback={null}>
        <RecentReviews />
      </Suspense>
    </>
  );
}
