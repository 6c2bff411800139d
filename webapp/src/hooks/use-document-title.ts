import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

import { noteTitleSet } from '@/lib/page-head';

export function useDocumentTitle(title: string | undefined): void {
  const { t } = useTranslation();
  const brand = t('brand.name');
  useEffect(() => {
    document.title = title ? `${title} · ${brand}` : `${brand} · ${t('brand.tagline')}`;
    noteTitleSet();
  }, [title, brand, t]);
}
