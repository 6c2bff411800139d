import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

import { cx } from '@/utils/cx';

import { Button } from './button';
import { Icon, type IconName } from './icon';

interface EmptyStateProps {
  icon?: IconName;
  title: string;
  description?: ReactNode;
  action?: ReactNode;
  compact?: boolean;
}

export function EmptyState({ icon = 'compass', title, description, action, compact }: EmptyStateProps) {
  return (
    <div className={cx('empty-state', compact && 'empty-state--compact')}>
      <span className="empty-state__icon" aria-hidden="true">
        <Icon name={icon} size={compact ? 28 : 40} />
      </span>
      <p className="empty-state__title">{title}</p>
      {description ? <p className="empty-state__text">{description}</p> : null}
      {action ? <div className="empty-state__action">{action}</div> : null}
    </div>
  );
}

/** A failed read: its title, why (the connection hint unless told), and a retry when one can help. */
export function ErrorState({ title, description, onRetry, compact }: { title?: string; description?: string; onRetry?: () => void; compact?: boolean }) {
  const { t } = useTranslation();
  return (
    <div className={cx('empty-state', 'empty-state--error', compact && 'empty-state--compact')} role="alert">
      <span className="empty-state__icon" aria-hidden="true">
        <Icon name="alert" size={compact ? 28 : 40} />
      </span>
      <p className="empty-state__title">{title ?? t('common.loadFailed')}</p>
      <p className="empty-state__text">{description ?? t('common.loadFailedHint')}</p>
      {onRetry ? (
        <div className="empty-state__action">
          <Button variant="secondary" size="sm" onClick={onRetry} icon={<Icon name="refresh" size={16} />}>
            {t('common.retry')}
          </Button>
        </div>
      ) : null}
    </div>
  );
}

export function SkeletonGrid({ count = 6, variant = 'card' }: { count?: number; variant?: 'card' | 'row' }) {
  const { t } = useTranslation();
  return (
    <div className={variant === 'card' ? 'card-grid' : 'stack'} aria-busy="true" aria-label={t('common.loading')}>
      {Array.from({ length: count }, (_, index) => (
        <div key={index} className={cx('skeleton', `skeleton--${variant}`)} />
      ))}
    </div>
  );
}
