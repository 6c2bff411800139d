import { useDocumentTitle } from '@/hooks/use-document-title';
import { HomeSections } from '@/features/home/components/home-sections';
import { OffersSection } from '@/features/offers/components/offers-section';

export function HomeRoute() {
  useDocumentTitle(undefined);
  return (
    <>
      <HomeSections />
      <OffersSection />
    </>
  );
}
