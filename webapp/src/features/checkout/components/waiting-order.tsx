import { useTranslation } from 'react-i18next';

import { Button, ButtonLink } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { useCommand } from '@/lib/command';
import { PaymentPageTimeout, payOrder } from '@/lib/payment-page';
import { toast } from '@/lib/toast';

import { useWaitingOrders, type WaitingOrder } from '../api/get-waiting-orders';

/** The waiting order the checkout is about: on the chosen day and time, once chosen. */
export function waitingOrderFor(orders: WaitingOrder[] | undefined, date: string, time: string): WaitingOrder | null {
  return orders?.find((order) => (!date || order.date === date) && (!time || order.time === time)) ?? null;
}

/**
 * Back from the payment page, the checkout comes back filled in: it says that the trip already
 * placed waits for payment and offers to pay it (POST /api/orders/{id}/pay), rather than looking as if
 * nothing had been ordered. Pressing "Continue to payment" with the same trip pays the same order too
 * (the server's rule, domain/order/checkout.go).
 */
export function WaitingOrderNotice({ date, time }: { date: string; time: string }) {
  const { t } = useTranslation();
  const waiting = useWaitingOrders();
  const order = waitingOrderFor(waiting.data, date, time);
  const pay = useCommand({ mutationFn: (id: string) => payOrder(id) });
  if (!order) return null;
  return (
    <div className="form__full card card--plain stack" role="status" data-testid="waiting-order">
      <strong>{t('checkout.waitingTitle', { number: order.id })}</strong>
      <p className="muted">{t('checkout.waitingText')}</p>
      <div className="button-row">
        <Button
          type="button"
          loading={pay.isPending}
          data-testid="waiting-order-pay"
          onClick={() =>
            pay.mutate(order.id, {
              onSuccess: (url) => window.location.assign(url),
              onError: (error) => toast.error(error instanceof PaymentPageTimeout ? t('orders.payPageSlow') : error.message),
            })
          }
        >
          {t('payments.payNow')}
        </Button>
        <ButtonLink to={paths.order(order.id)} variant="secondary">
          {t('payments.viewOrder')}
        </ButtonLink>
      </div>
    </div>
  );
}
