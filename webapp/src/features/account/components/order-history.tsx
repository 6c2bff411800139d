import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';

import { ButtonLink } from '@/components/ui/button';
import { Price } from '@/components/ui/money';
import { QueryView } from '@/components/ui/query-view';
import { EmptyState, SkeletonGrid } from '@/components/ui/states';
import { paths } from '@/config/paths';
import { useLanguage } from '@/hooks/use-language';
import { formatDate } from '@/utils/format';

import { useOrders } from '../api/get-orders';

import { OrderStatusBadge } from './order-status';

export function OrderHistory() {
  const { t } = useTranslation();
  const language = useLanguage();
  const orders = useOrders();
  return (
    <QueryView
      query={orders}
      loading={<SkeletonGrid count={3} variant="row" />}
      isEmpty={(list) => list.length === 0}
      empty={<EmptyState icon="ticket" title={t('orders.emptyTitle')} description={t('orders.emptyText')} action={<ButtonLink to={paths.destinations}>{t('cart.browse')}</ButtonLink>} />}
    >
      {(list) => (
        <ul className="order-list">
          {list.map((order) => (
            <li key={order.id} className="order-list__item">
              <div>
                <Link className="order-list__number" to={paths.order(order.id)}>
                  {t('orders.number', { number: order.order_number ?? order.id })}
                </Link>
                <p className="muted small">{order.date ? formatDate(order.date, language) : null}</p>
              </div>
              <OrderStatusBadge status={order.status} />
              {order.total != null ? <Price amount={order.total} from={order.currency} /> : null}
            </li>
          ))}
        </ul>
      )}
    </QueryView>
  );
}
