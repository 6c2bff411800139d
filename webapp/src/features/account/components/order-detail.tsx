import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { toast } from 'react-toastify';
import { z } from 'zod';

import { Button, ButtonLink } from '@/components/ui/button';
import { TextAreaField } from '@/components/ui/field';
import { Price } from '@/components/ui/money';
import { PageHeader } from '@/components/ui/page-header';
import { PageSpinner } from '@/components/ui/spinner';
import { EmptyState, ErrorState } from '@/components/ui/states';
import { paths } from '@/config/paths';
import { useLanguage } from '@/hooks/use-language';
import { isApiError } from '@/lib/api-client';
import { formatDate } from '@/utils/format';

import { useOrder } from '../api/get-order';
import { useRequestOrderChange, type OrderChange } from '../api/request-order-change';

import { OrderStatusBadge } from './order-status';

function useOrderOrFrame(id: string, title: string) {
  const { t } = useTranslation();
  const order = useOrder(id);
  if (order.isPending) return { frame: <PageSpinner /> };
  if (order.isError) {
    const missing = isApiError(order.error) && order.error.status === 404;
    return {
      frame: (
        <>
          <PageHeader title={title} />
          {missing ? (
            <EmptyState icon="ticket" title={t('orders.notFound')} action={<ButtonLink to={`${paths.account}?tab=orders`}>{t('account.tabs.orders')}</ButtonLink>} />
          ) : (
            <ErrorState onRetry={() => void order.refetch()} />
          )}
        </>
      ),
    };
  }
  return { order: order.data };
}

export function OrderDetail({ id }: { id: string }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const { frame, order } = useOrderOrFrame(id, t('orders.detailTitle'));
  if (!order) return frame;
  return (
    <>
      <PageHeader title={t('orders.number', { number: order.order_number ?? order.id })} eyebrow={t('orders.detailTitle')} actions={<OrderStatusBadge status={order.status} />} />
      <div className="split">
        <dl className="facts card card--plain">
          {order.trip_number ? (
            <div><dt>{t('fields.tripNumber')}</dt><dd dir="ltr">{order.trip_number}</dd></div>
          ) : null}
          {order.date ? (
            <div><dt>{t('fields.date')}</dt><dd>{formatDate(order.date, language, { dateStyle: 'full' })}</dd></div>
          ) : null}
          {order.time ? (
            <div><dt>{t('fields.time')}</dt><dd dir="ltr">{order.time}</dd></div>
          ) : null}
          {order.total != null ? (
            <div><dt>{t('trip.total')}</dt><dd><Price amount={order.total} from={order.currency} /></dd></div>
          ) : null}
        </dl>
        <div className="stack">
          {order.destinations?.length ? (
            <ol className="stop-list">
              {order.destinations.map((stop, index) => (
                <li key={stop.id} className="stop-list__item">
                  <span className="stop-list__index" aria-hidden="true">{index + 1}</span>
                  <Link className="stop-list__name" to={paths.destinationDetail(stop.id)}>{stop.name}</Link>
                </li>
              ))}
            </ol>
          ) : null}
          <div className="button-row">
            <ButtonLink to={paths.orderAction(order.id, 'exchange')} variant="secondary">{t('orders.actions.exchange')}</ButtonLink>
            <ButtonLink to={paths.orderAction(order.id, 'refund')} variant="secondary">{t('orders.actions.refund')}</ButtonLink>
            <ButtonLink to={paths.orderAction(order.id, 'cancel')} variant="danger">{t('orders.actions.cancel')}</ButtonLink>
          </div>
        </div>
      </div>
    </>
  );
}

const reasonSchema = z.object({ reason: z.string().trim().min(3, 'validation.reason').max(1000) });

export function OrderChangeForm({ id, action, onDone }: { id: string; action: OrderChange; onDone: () => void }) {
  const { t } = useTranslation();
  const { frame, order } = useOrderOrFrame(id, t(`orders.actionTitles.${action}`));
  const change = useRequestOrderChange();
  const form = useForm<z.infer<typeof reasonSchema>>({ resolver: zodResolver(reasonSchema), defaultValues: { reason: '' } });
  if (!order) return frame;
  const error = form.formState.errors.reason?.message;
  const onSubmit = form.handleSubmit(async ({ reason }) => {
    try {
      await change.mutateAsync({ orderId: id, action, reason });
      toast.success(t(`orders.actionDone.${action}`));
      onDone();
    } catch (err) {
      toast.error(isApiError(err) && err.status > 0 && err.status !== 404 ? err.message : t('orders.actionFailed'));
    }
  });
  return (
    <>
      <PageHeader title={t(`orders.actionTitles.${action}`)} eyebrow={t('orders.number', { number: order.order_number ?? order.id })} lead={t(`orders.actionLeads.${action}`)} />
      <form className="form form--narrow card card--plain" onSubmit={(event) => void onSubmit(event)} noValidate>
        <TextAreaField label={t('fields.reason')} rows={4} error={error ? t(error) : undefined} {...form.register('reason')} />
        <div className="button-row">
          <Button type="submit" variant={action === 'cancel' ? 'danger' : 'primary'} loading={change.isPending}>
            {t(`orders.actions.${action}`)}
          </Button>
          <ButtonLink to={paths.order(id)} variant="ghost">{t('common.back')}</ButtonLink>
        </div>
      </form>
    </>
  );
}
