import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

import { Button } from '@/components/ui/button';
import { EmptyState, ErrorState, SkeletonGrid } from '@/components/ui/states';
import { cx } from '@/utils/cx';

import { useCategories } from '../api/get-categories';
import { useDestinations } from '../api/get-destinations';
import { categoryKey, type Destination } from '../api/types';

import { DestinationCard } from './destination-card';
import './destinations.css';

interface DestinationsBrowserProps {
  category: string | undefined;
  onCategoryChange: (category: string | undefined) => void;
  renderAction?: (destination: Destination) => ReactNode;
}

/** Destinations with a category filter and "load more" paging (cursor based). */
export function DestinationsBrowser({ category, onCategoryChange, renderAction }: DestinationsBrowserProps) {
  const { t } = useTranslation();
  const categories = useCategories();
  const destinations = useDestinations({ category });
  const items = destinations.data?.pages.flatMap((page) => page.data) ?? [];

  return (
    <div className="stack stack--loose">
      <div className="chips" role="group" aria-label={t('destinations.filterLabel')}>
        <button type="button" className={cx('chip', !category && 'chip--active')} aria-pressed={!category} onClick={() => onCategoryChange(undefined)}>
          {t('destinations.allCategories')}
        </button>
        {(categories.data ?? []).map((item) => {
          const key = categoryKey(item);
          return (
            <button key={item.id} type="button" className={cx('chip', category === key && 'chip--active')} aria-pressed={category === key} onClick={() => onCategoryChange(key)}>
              {item.name}
            </button>
          );
        })}
      </div>

      {destinations.isPending ? (
        <SkeletonGrid count={6} />
      ) : destinations.isError && items.length === 0 ? (
        <ErrorState onRetry={() => void destinations.refetch()} />
      ) : items.length === 0 ? (
        <EmptyState
          icon="pin"
          title={category ? t('destinations.emptyInCategory') : t('destinations.emptyTitle')}
          description={t('destinations.emptyText')}
          action={category ? <Button variant="secondary" onClick={() => onCategoryChange(undefined)}>{t('destinations.showAll')}</Button> : undefined}
        />
      ) : (
        <>
          <div className="card-grid">
            {items.map((destination) => (
              <DestinationCard key={destination.id} destination={destination} action={renderAction?.(destination)} />
            ))}
          </div>
          {destinations.hasNextPage ? (
            <div className="center">
              <Button variant="secondary" loading={destinations.isFetchingNextPage} onClick={() => void destinations.fetchNextPage()}>
                {t('destinations.loadMore')}
              </Button>
            </div>
          ) : null}
        </>
      )}
    </div>
  );
}
