import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';

import { Photo } from '@/components/ui/photo';
import { QueryView } from '@/components/ui/query-view';
import { EmptyState, SkeletonGrid } from '@/components/ui/states';
import { paths } from '@/config/paths';

import { useCategories } from '../api/get-categories';
import { categoryKey } from '../api/types';
import './destinations.css';

export function CategoriesGrid() {
  const { t } = useTranslation();
  const categories = useCategories();
  return (
    <QueryView
      query={categories}
      loading={<SkeletonGrid count={6} />}
      isEmpty={(list) => list.length === 0}
      empty={<EmptyState icon="grid" title={t('categories.emptyTitle')} description={t('categories.emptyText')} />}
    >
      {(list) => (
        <div className="card-grid card-grid--wide">
          {list.map((category) => (
            <Link key={category.id} to={`${paths.categories}?category=${encodeURIComponent(categoryKey(category))}`} className="tile">
              <Photo className="tile__photo" src={category.photo} alt="" seed={category.name} />
              <span className="tile__label">
                <span className="tile__name">{category.name}</span>
                {category.destinations_count != null ? (
                  <span className="tile__count">{t('categories.count', { count: category.destinations_count })}</span>
                ) : null}
              </span>
            </Link>
          ))}
        </div>
      )}
    </QueryView>
  );
}
