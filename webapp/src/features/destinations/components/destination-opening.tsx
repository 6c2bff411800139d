import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';

import { PageHeader } from '@/components/ui/page-header';
import { Photo } from '@/components/ui/photo';
import { paths } from '@/config/paths';

import { categoryKey, type Destination } from '../api/types';

/**
 * A destination page's opening: where it sits, its name and main photo, with the page's aside
 * (children) beside the photo. The server writes it before the app runs (src/app/first-screens.tsx),
 * so it imports nothing that needs a browser.
 */
export function DestinationOpening({ place, children }: { place: Pick<Destination, 'name' | 'photo' | 'category'>; children?: ReactNode }) {
  const { t } = useTranslation();
  return (
    <>
      <nav className="breadcrumbs" aria-label={t('common.breadcrumbs')}>
        <Link to={paths.destinations}>{t('nav.destinations')}</Link>
        {place.category ? (
          <>
            <span aria-hidden="true">/</span>
            <Link to={paths.destinationsInCategory(categoryKey(place.category))}>{place.category.name}</Link>
          </>
        ) : null}
      </nav>
      <PageHeader title={place.name} eyebrow={place.category?.name} />
      <div className="detail__layout">
        <Photo priority className="detail__photo" src={place.photo} alt={place.name} seed={place.name} sizes="(max-width: 760px) 100vw, 60vw" />
        {children}
      </div>
    </>
  );
}
