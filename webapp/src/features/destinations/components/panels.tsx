import { Suspense, useDeferredValue, useState, type ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';

import { Icon } from '@/components/ui/icon';
import { LoadFailureBoundary } from '@/components/ui/load-failure';
import { QueryView } from '@/components/ui/query-view';
import { EmptyState, SkeletonGrid } from '@/components/ui/states';
import { paths } from '@/config/paths';
import { lazyComponent } from '@/lib/lazy-component';

import { useSearch } from '../api/search';
import './destinations.css';

interface PanelProps {
  onNavigate: () => void;
}

// The header's destination lists load when one is first opened: every page carries the header, and
// its first download should not carry lists nobody has asked for yet.
function lazyPanel(load: () => Promise<ComponentType<PanelProps>>): ComponentType<PanelProps> {
  const Panel = lazyComponent(load);
  return function LazyPanel(props: PanelProps) {
    return (
      <LoadFailureBoundary compact>
        <Suspense fallback={<SkeletonGrid count={3} variant="row" />}>
          <Panel {...props} />
        </Suspense>
      </LoadFailureBoundary>
    );
  };
}

export const DestinationsPanel = lazyPanel(() => import('./panel-lists').then((m) => m.DestinationsPanel));
export const CategoriesPanel = lazyPanel(() => import('./panel-lists').then((m) => m.CategoriesPanel));

/** Eager, unlike the lists: its field takes the focus as the panel opens, and a visitor types at once. */
export function SearchPanel({ onNavigate }: PanelProps) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const q = useDeferredValue(text.trim());
  const results = useSearch(q, q.length >= 2);
  return (
    <div className="stack" role="search">
      <label className="search-box">
        <Icon name="search" />
        <span className="visually-hidden">{t('search.label')}</span>
        <input
          type="search"
          className="search-box__input"
          placeholder={t('search.placeholder')}
          value={text}
          onChange={(event) => setText(event.target.value)}
          data-autofocus
        />
      </label>
      {q.length < 2 ? (
        <p className="muted small">{t('search.hint')}</p>
      ) : (
        <QueryView
          query={results}
          compact
          loading={<SkeletonGrid count={3} variant="row" />}
          isEmpty={(found) => found.destinations.length === 0 && found.programs.length === 0}
          empty={<EmptyState compact icon="search" title={t('search.noResults', { q })} />}
        >
          {(found) => (
            <ul className="link-list" aria-live="polite">
              {found.destinations.map((destination) => (
                <li key={destination.id}>
                  <Link to={paths.destinationDetail(destination.slug ?? destination.id)} onClick={onNavigate}>
                    <span className="link-list__title">{destination.name}</span>
                    {destination.category ? <span className="link-list__sub">{destination.category.name}</span> : null}
                  </Link>
                </li>
              ))}
              {found.programs.map((program) => (
                <li key={program.id}>
                  <Link to={paths.programDetail(program.slug)} onClick={onNavigate}>
                    <span className="link-list__title">{program.name}</span>
                    <span className="link-list__sub">{t('nav.programs')}</span>
                  </Link>
                </li>
              ))}
            </ul>
          )}
        </QueryView>
      )}
    </div>
  );
}
