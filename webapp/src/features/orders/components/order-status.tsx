import { useTranslation } from 'react-i18next';

export function OrderStatusBadge({ status }: { status: string }) {
  const { t } = useTranslation();
  return (
    <span className={`badge badge--status badge--${status.replace(/[^a-z_]/gi, '')}`} data-testid="order-status" data-status={status}>
      {t(`orders.statuses.${status}`, { defaultValue: status })}
    </span>
  );
}
