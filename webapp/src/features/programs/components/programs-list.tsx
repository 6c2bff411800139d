import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';

import { ButtonLink } from '@/components/ui/button';
import { QueryView } from '@/components/ui/query-view';
import { EmptyState, SkeletonGrid } from '@/components/ui/states';
import { paths } from '@/config/paths';

import { usePrograms } from '../api/get-programs';

import { ProgramCard } from './program-card';

export function ProgramsList({ limit }: { limit?: number }) {
  const { t } = useTranslation();
  const programs = usePrograms();
  return (
    <QueryView
      query={programs}
      loading={<SkeletonGrid count={limit ?? 6} />}
      isEmpty={(list) => list.length === 0}
      empty={
        <EmptyState
          icon="route"
          title={t('programs.emptyTitle')}
          description={t('programs.emptyText')}
          action={<ButtonLink to={paths.destinations}>{t('programs.buildOwn')}</ButtonLink>}
        />
      }
    >
      {(list) => (
        <div className="card-grid">
          {list.slice(0, limit).map((program) => (
            <ProgramCard key={program.id} program={program} />
          ))}
        </div>
      )}
    </QueryView>
  );
}

export function ProgramsPanel({ onNavigate }: { onNavigate: () => void }) {
  const { t } = useTranslation();
  const programs = usePrograms();
  return (
    <div className="stack">
      <QueryView
        query={programs}
        compact
        loading={<SkeletonGrid count={3} variant="row" />}
        isEmpty={(list) => list.length === 0}
        empty={<EmptyState compact icon="route" title={t('programs.emptyTitle')} />}
      >
        {(list) => (
          <ul className="link-list">
            {list.slice(0, 6).map((program) => (
              <li key={program.id}>
                <Link to={paths.programDetail(program.id)} onClick={onNavigate}>
                  <span className="link-list__title">{program.name}</span>
                  {program.description ? <span className="link-list__sub">{program.description}</span> : null}
                </Link>
              </li>
            ))}
          </ul>
        )}
      </QueryView>
      <ButtonLink to={paths.programs} variant="secondary" block onClick={onNavigate}>
        {t('programs.all')}
      </ButtonLink>
    </div>
  );
}
