import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';

import { PageHeader } from '@/components/ui/page-header';
import { Photo } from '@/components/ui/photo';
import { paths } from '@/config/paths';

/**
 * A program's page opening: its name, summary and main photo, then the rest of the photo's column
 * (children) and the page's aside. The server writes it before the app runs
 * (src/app/first-screens.tsx), so it imports nothing that needs a browser.
 */
export function ProgramOpening({ name, summary, photo, children, aside }: { name: string; summary?: string | null; photo?: string | null; children?: ReactNode; aside?: ReactNode }) {
  const { t } = useTranslation();
  return (
    <>
      <nav className="breadcrumbs" aria-label={t('common.breadcrumbs')}>
        <Link to={paths.programs}>{t('nav.programs')}</Link>
      </nav>
      <PageHeader title={name} lead={summary ?? undefined} />
      <div className="detail__layout">
        <div className="stack">
          <Photo priority className="detail__photo" src={photo} alt={name} seed={name} sizes="(max-width: 760px) 100vw, 60vw" />
          {children}
        </div>
        {aside}
      </div>
    </>
  );
}
