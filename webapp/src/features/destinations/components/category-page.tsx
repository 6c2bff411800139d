import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';

import { ButtonLink } from '@/components/ui/button';
import { PageHeader } from '@/components/ui/page-header';
import { PageSpinner } from '@/components/ui/spinner';
import { EmptyState } from '@/components/ui/states';
import { paths } from '@/config/paths';

import { useCategories } from '../api/get-categories';
import { categoryKey, type Destination } from '../api/types';

import { DestinationsBrowser } from './destinations-browser';

/** One category's page (/categories?category=slug): its name and text, then its destinations. */
export function CategoryPage({ category, onCategoryChange, renderAction }: { category: string; onCategoryChange: (next: string | undefined) => void; renderAction?: (d: Destination) => ReactNode }) {
  const { t } = useTranslation();
  const categories = useCategories();
  if (categories.isPending) return <PageSpinner />;
  const found = (categories.data ?? []).find((c) => categoryKey(c) === category || c.id === category);
  if (!found) {
    return (
      <>
        <PageHeader title={t('categories.title')} />
        <EmptyState icon="grid" title={t('categories.emptyTitle')} action={<ButtonLink to={paths.categories}>{t('categories.all')}</ButtonLink>} />
      </>
    );
  }
  return (
    <>
      <nav className="breadcrumbs" aria-label={t('common.breadcrumbs')}>
        <Link to={paths.categories}>{t('categories.title')}</Link>
      </nav>
      <PageHeader title={found.name} lead={found.description ?? undefined} />
      <DestinationsBrowser category={categoryKey(found)} onCategoryChange={onCategoryChange} renderAction={renderAction} />
    </>
  );
}
