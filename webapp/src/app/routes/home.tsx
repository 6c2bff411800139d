import { useDocumentTitle } from '@/hooks/use-document-title';
import { HomeSections } from '@/features/home/components/home-sections';

export function HomeRoute() {
  useDocumentTitle(undefined);
  return <HomeSections />;
}
