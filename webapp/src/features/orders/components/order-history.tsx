import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';

import { ButtonLink } from '@/components/ui/button';
import { QueryView } from '@/components/ui/query-view';
import { EmptyState, SkeletonGrid } from '@/components/ui/states';
import { paths } from '@/config/paths';
import { useLanguage } from '@/hooks/use-language';
import { formatClock, formatDate, isolate } from '@/utils/format';

import { useOrders } from '../api/get-orders';

import { OrderMoney } from './money-text';
import { OrderStatusBadge } from './order-status';

/** The traveller's orders, newest first, and the enquiries still waiting for a price. */
export function OrderHistory() {
  const { t } = useTranslation();
  const language = useLanguage();
  const orders = useOrders();
  return (
    <QueryView
      query={orders}
      loading={<SkeletonGrid count={3} variant="row" />}
      isEmpty={(list) => list.data.length === 0 && list.enquiries.length === 0}
      empty={<EmptyState icon="ticket" title={t('orders.emptyTitle')} description={t('orders.emptyText')} action={<ButtonLink to={paths.destinations}>{t('cart.browse')}</ButtonLink>} />}
    >
      {(list) => (
        <ul className="order-list" data-testid="order-history">
          {list.data.map((order) => (
            <li key={order.id} className="order-list__item">
              <div>
                <Link className="order-list__number" to={paths.order(order.id)}>
                  {t('orders.number', { number: isolate(order.trip_number) })}
                </Link>
                <p className="muted small">
                  {formatDate(`${order.trip.date}T12:00:00Z`, language, { dateStyle: 'medium', timeZone: 'UTC' })}{t('common.detailSeparator')}{t('common.cairoTime', { time: formatClock(order.trip.time, language) })}
                </p>
              </div>
              <OrderStatusBadge status={order.status} />
              <OrderMoney amount={order.total} prices={order.prices} />
            </li>
          ))}
          {list.enquiries.map((enquiry) => (
            <li key={enquiry.trip_number} className="order-list__item">
              <div>
                <span className="order-list__number">{t('orders.number', { number: isolate(enquiry.trip_number) })}</span>
                <p className="muted small">{t('orders.enquiry')}</p>
              </div>
              <OrderStatusBadge status={`enquiry_${enquiry.status}`} />
              {enquiry.quote ? <OrderMoney amount={enquiry.quote.amount} /> : null}
            </li>
          ))}
        </ul>
      )}
    </QueryView>
  );
}
