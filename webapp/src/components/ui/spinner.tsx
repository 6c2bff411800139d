import { useTranslation } from 'react-i18next';

import { cx } from '@/utils/cx';

export function Spinner({ size = 'md', label }: { size?: 'sm' | 'md' | 'lg'; label?: string }) {
  const { t } = useTranslation();
  return (
    <span className={cx('spinner', `spinner--${size}`)} role="status">
      <span className="visually-hidden">{label ?? t('common.loading')}</span>
    </span>
  );
}

export function PageSpinner() {
  return (
    <div className="page-spinner">
      <Spinner size="lg" />
    </div>
  );
}
