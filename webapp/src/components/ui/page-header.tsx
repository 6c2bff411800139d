import type { ReactNode } from 'react';

import { useDocumentTitle } from '@/hooks/use-document-title';

interface PageHeaderProps {
  title: string;
  eyebrow?: string;
  lead?: ReactNode;
  actions?: ReactNode;
  tone?: 'plain' | 'banner';
}

export function PageHeader({ title, eyebrow, lead, actions, tone = 'plain' }: PageHeaderProps) {
  useDocumentTitle(title);
  return (
    <header className={`page-header page-header--${tone}`}>
      <div className="page-header__text">
        {eyebrow ? <p className="eyebrow">{eyebrow}</p> : null}
        <h1 className="page-header__title">{title}</h1>
        {lead ? <p className="page-header__lead">{lead}</p> : null}
      </div>
      {actions ? <div className="page-header__actions">{actions}</div> : null}
    </header>
  );
}
