import { useTranslation } from 'react-i18next';

import { Button } from '@/components/ui/button';
import { useCommand } from '@/lib/command';
import { PaymentPageTimeout, payOrder } from '@/lib/payment-page';
import { toast } from '@/lib/toast';

/**
 * "Try again" on the failure screen: pays the same order again (the same trip number, a car held
 * again for it while its day has one) and goes to the new payment page. The server refuses it, with
 * what to do instead, when the trip is now too soon or its day is full.
 */
export function PayAgainButton({ orderId, label }: { orderId: string; label?: string }) {
  const { t } = useTranslation();
  const pay = useCommand({ mutationFn: () => payOrder(orderId) });
  return (
    <Button
      loading={pay.isPending}
      data-testid="pay-again"
      onClick={() =>
        pay.mutate(undefined, {
          onSuccess: (url) => window.location.assign(url),
          onError: (error) => toast.error(error instanceof PaymentPageTimeout ? t('orders.payPageSlow') : error.message),
        })
      }
    >
      {label ?? t('payments.payNow')}
    </Button>
  );
}
