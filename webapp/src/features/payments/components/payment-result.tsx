import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';

import { ButtonLink } from '@/components/ui/button';
import { Icon } from '@/components/ui/icon';
import { PageSpinner } from '@/components/ui/spinner';
import { EmptyState, ErrorState } from '@/components/ui/states';
import { paths } from '@/config/paths';
import { useCountdown } from '@/hooks/use-countdown';
import { useLanguage } from '@/hooks/use-language';
import { formatNumber } from '@/utils/format';

import { usePayment, outcomeOf, type PaymentOutcome } from '../api/get-payment';

const SUCCESS_SECONDS = 5;
const FAILURE_SECONDS = 10;

export function PaymentOutcomeView({ outcome, orderId }: { outcome: PaymentOutcome; orderId: string | null }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const navigate = useNavigate();
  const target = outcome === 'success' ? (orderId ? paths.order(orderId) : paths.account) : paths.checkout;
  const go = useCallback(() => void navigate(target, { replace: true }), [navigate, target]);
  const left = useCountdown(outcome === 'success' ? SUCCESS_SECONDS : FAILURE_SECONDS, go, outcome !== 'pending');

  if (outcome === 'pending') {
    return <EmptyState icon="clock" title={t('payments.pendingTitle')} description={t('payments.pendingText')} />;
  }
  const success = outcome === 'success';
  return (
    <div className={success ? 'result result--success' : 'result result--failure'} role="status">
      <span className="result__icon" aria-hidden="true">
        <Icon name={success ? 'check' : 'alert'} size={40} />
      </span>
      <h2 className="result__title">{success ? t('payments.successTitle') : t('payments.failureTitle')}</h2>
      <p className="result__text">{success ? t('payments.successText') : t('payments.failureText')}</p>
      <p className="muted" aria-live="polite">
        {t(success ? 'payments.redirectOrder' : 'payments.redirectCheckout', { seconds: formatNumber(left, language) })}
      </p>
      <div className="button-row button-row--center">
        {success ? (
          <ButtonLink to={target}>{t('payments.viewOrder')}</ButtonLink>
        ) : (
          <ButtonLink to={paths.checkout}>{t('payments.tryAgain')}</ButtonLink>
        )}
      </div>
    </div>
  );
}

export function PaymentById({ id }: { id: string }) {
  const { t } = useTranslation();
  const payment = usePayment(id);
  if (payment.isPending) return <PageSpinner />;
  if (payment.isError) return <ErrorState title={t('payments.loadFailed')} onRetry={() => void payment.refetch()} />;
  return <PaymentOutcomeView outcome={outcomeOf(payment.data.status)} orderId={payment.data.order_id ?? null} />;
}
