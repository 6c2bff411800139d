import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';

import { ButtonLink } from '@/components/ui/button';
import { Photo } from '@/components/ui/photo';
import { QueryView } from '@/components/ui/query-view';
import { EmptyState, SkeletonGrid } from '@/components/ui/states';
import { paths } from '@/config/paths';

import { useCategories } from '../api/get-categories';
import { useDestinations } from '../api/get-destinations';
import { categoryKey } from '../api/types';
import './destinations.css';

interface PanelProps {
  onNavigate: () => void;
}

function usePagedList(filter: { q?: string; limit: number }, enabled = true) {
  const query = useDestinations(filter, enabled);
  return { ...query, data: query.data?.pages.flatMap((page) => page.data) };
}

export function DestinationsPanel({ onNavigate }: PanelProps) {
  const { t } = useTranslation();
  const list = usePagedList({ limit: 6 });
  return (
    <div className="stack">
      <QueryView
        query={list}
        compact
        loading={<SkeletonGrid count={3} variant="row" />}
        isEmpty={(items) => items.length === 0}
        empty={<EmptyState compact icon="pin" title={t('destinations.emptyTitle')} />}
      >
        {(items) => (
          <ul className="link-list link-list--media">
            {items.map((destination) => (
              <li key={destination.id}>
                <Link to={paths.destinationDetail(destination.id)} onClick={onNavigate}>
                  <Photo className="link-list__photo" src={destination.photo} alt="" seed={destination.name} sizes="56px" />
                  <span>
                    <span className="link-list__title">{destination.name}</span>
                    {destination.category ? <span className="link-list__sub">{destination.category.name}</span> : null}
                  </span>
                </Link>
              </li>
            ))}
          </ul>
        )}
      </QueryView>
      <ButtonLink to={paths.destinations} variant="secondary" block onClick={onNavigate}>
        {t('destinations.browseAll')}
      </ButtonLink>
    </div>
  );
}

export function CategoriesPanel({ onNavigate }: PanelProps) {
  const { t } = useTranslation();
  const categories = useCategories();
  return (
    <div className="stack">
      <QueryView
        query={categories}
        compact
        loading={<SkeletonGrid count={4} variant="row" />}
        isEmpty={(items) => items.length === 0}
        empty={<EmptyState compact icon="grid" title={t('categories.emptyTitle')} />}
      >
        {(items) => (
          <ul className="link-list link-list--grid">
            {items.map((category) => (
              <li key={category.id}>
                <Link to={paths.destinationsInCategory(categoryKey(category))} onClick={onNavigate}>
                  <span className="link-list__title">{category.name}</span>
                </Link>
              </li>
            ))}
          </ul>
        )}
      </QueryView>
      <ButtonLink to={paths.categories} variant="secondary" block onClick={onNavigate}>
        {t('categories.all')}
      </ButtonLink>
    </div>
  );
}
