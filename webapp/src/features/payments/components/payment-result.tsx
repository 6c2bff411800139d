import { useCallback, useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';

import { Button, ButtonLink } from '@/components/ui/button';
import { InputField } from '@/components/ui/field';
import { Icon } from '@/components/ui/icon';
import { Spinner } from '@/components/ui/spinner';
import { EmptyState } from '@/components/ui/states';
import type { Currency } from '@/config/constants';
import { paths } from '@/config/paths';
import { useCountdown } from '@/hooks/use-countdown';
import { useLanguage } from '@/hooks/use-language';
import { isApiError } from '@/lib/api-client';
import { clearCheckoutDraft } from '@/lib/checkout-draft';
import { PaymentPageTimeout } from '@/lib/payment-page';
import { toast } from '@/lib/toast';
import { formatMoney, formatNumber } from '@/utils/format';

import { outcomeOf, sentBackOf, useOrderStatus, usePayEnquiry, type OrderStatus, type PaymentOutcome, type SentBack } from '../api/get-payment';
import { PayAgainButton } from './pay-again';
import './payments.css';

const SUCCESS_SECONDS = 5;
const FAILURE_SECONDS = 10;

/**
 * The result of a payment: a countdown in seconds, then the order (success) or the checkout (failure).
 * A failed order that can still be paid (its trip number kept, a car can be held for it again) waits
 * for the traveller instead: "Try again" pays the same order again (POST /api/orders/{id}/pay), never
 * a new order from the checkout. One that can no longer be paid offers to choose another time.
 * A traveller without an account (a quote paid from its e-mailed link) goes to the trip status of
 * the trip instead, never to a sign-in page.
 */
export function PaymentOutcomeView({ outcome, orderId, reason, guest = false }: { outcome: PaymentOutcome; orderId: string | null; reason?: string | null; guest?: boolean }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const navigate = useNavigate();
  const tripStatus = orderId ? `${paths.tripStatus}?trip=${encodeURIComponent(orderId)}` : paths.tripStatus;
  const target = guest ? tripStatus : outcome === 'success' ? (orderId ? paths.order(orderId) : paths.account) : paths.checkout;
  const go = useCallback(() => void navigate(target, { replace: true }), [navigate, target]);
  const readsOrder = !guest && outcome === 'failure' && Boolean(orderId);
  const order = useOrderStatus(orderId ?? '', readsOrder);
  const payable = outcome === 'failure' && Boolean(orderId) && order.data?.actions?.pay === true && order.data.status !== 'awaiting_payment';
  // Until the order says whether it can be paid again (its failure may not have reached it yet), the
  // failure does not count down to the checkout.
  const settled = !readsOrder || order.isError || (order.isSuccess && order.data.status !== 'awaiting_payment');
  // Whoever needs longer to read the result (a screen reader, a slow reader) stops the countdown.
  const [stayed, setStayed] = useState(false);
  const counting = outcome !== 'pending' && !payable && settled && !stayed;
  const left = useCountdown(outcome === 'success' ? SUCCESS_SECONDS : FAILURE_SECONDS, go, counting);
  useEffect(() => {
    if (outcome === 'success') clearCheckoutDraft();
  }, [outcome]);

  if (outcome === 'pending') {
    return (
      <div className="result" role="status" data-testid="payment-pending">
        <Spinner size="lg" />
        <h2 className="result__title">{t('payments.pendingTitle')}</h2>
        <p className="result__text">{t('payments.pendingText')}</p>
      </div>
    );
  }
  const success = outcome === 'success';
  return (
    <div className={success ? 'result result--success' : 'result result--failure'} role="status" data-testid={success ? 'payment-success' : 'payment-failure'}>
      <span className="result__icon" aria-hidden="true">
        <Icon name={success ? 'check' : 'alert'} size={40} />
      </span>
      {/* Someone who cannot read the order hears what the payment page reported, as its report: the
          address alone does not make a trip booked. */}
      <h2 className="result__title">{t(success ? (guest ? 'payments.guestSuccessTitle' : 'payments.successTitle') : guest ? 'payments.guestFailureTitle' : 'payments.failureTitle')}</h2>
      <p className="result__text">{t(success ? (guest ? 'payments.guestSuccessText' : 'payments.successText') : guest ? 'payments.guestFailureText' : 'payments.failureText')}</p>
      {!success && reason ? <p className="muted">{t(`payments.reasons.${reason}`, { defaultValue: '' })}</p> : null}
      {orderId ? <p className="muted">{t('payments.tripNumber', { number: orderId })}</p> : null}
      {payable ? (
        <p className="muted" data-testid="pay-again-text">{t('payments.retryText', { number: orderId })}</p>
      ) : counting ? (
        // Not read out at every second (the result around it is a live region): the sentence is
        // there for whoever reads on, with the way to stop it.
        <p className="muted" aria-live="off" data-testid="payment-countdown">
          {t(guest ? 'payments.redirectTripStatus' : success ? 'payments.redirectOrder' : 'payments.redirectCheckout', { seconds: formatNumber(Math.max(left, 0), language) })}
        </p>
      ) : null}
      <div className="button-row button-row--center">
        {guest ? <ButtonLink to={target}>{t('payments.viewTripStatus')}</ButtonLink> : null}
        {!guest && success ? <ButtonLink to={target}>{t('payments.viewOrder')}</ButtonLink> : null}
        {payable && orderId ? <PayAgainButton orderId={orderId} label={t('payments.tryAgain')} /> : null}
        {counting ? (
          <Button variant="ghost" onClick={() => setStayed(true)} data-testid="payment-stay">
            {t('payments.stay')}
          </Button>
        ) : null}
        {guest || success || payable || !settled ? null : (
          <ButtonLink to={paths.checkout} data-testid="choose-another">
            {t(readsOrder ? 'payments.chooseAnother' : 'payments.tryAgain')}
          </ButtonLink>
        )}
      </div>
    </div>
  );
}

/**
 * /payments/{trip number}: with ?result= it is where the payment page sends the traveller back; the
 * order's own status (once the provider's notice has reached it) decides what is shown, whatever the
 * address claims. Without it, a signed-in traveller's own order shows where its payment stands; any
 * other trip number is a quoted enquiry's payment link.
 */
export function PaymentById({ id, signedIn = true }: { id: string; signedIn?: boolean }) {
  const [params] = useSearchParams();
  const result = params.get('result') ?? params.get('status');
  if (!result) return signedIn ? <OwnOrderPayment id={id} /> : <EnquiryPayment tripNumber={id} />;
  return <PaymentReturn id={id} claimed={outcomeOf(result)} reason={params.get('reason')} signedIn={signedIn} />;
}

function OwnOrderPayment({ id }: { id: string }) {
  const order = useOrderStatus(id, true);
  // Not the reader's order (or none): the trip number is an enquiry's payment link.
  if (order.isError) return <EnquiryPayment tripNumber={id} />;
  if (!order.isSuccess) return <Spinner size="lg" />;
  return <OrderPaymentState order={order.data} reason={null} />;
}

function PaymentReturn({ id, claimed, reason, signedIn }: { id: string; claimed: PaymentOutcome; reason: string | null; signedIn: boolean }) {
  const { t } = useTranslation();
  const order = useOrderStatus(id, signedIn);
  // Someone who cannot read the order (signed out, or not its owner: a quote paid from its e-mailed
  // link) is told only what the payment page reported, and where to follow the trip (its trip number
  // and e-mail): nothing of the order itself.
  if (!signedIn || (order.isError && isApiError(order.error) && order.error.status === 404)) {
    return <PaymentOutcomeView key={claimed} outcome={claimed} orderId={id} reason={reason} guest />;
  }
  if (order.isError) {
    return (
      <EmptyState
        icon="alert"
        title={t('orders.notFound')}
        description={isApiError(order.error) ? order.error.message : undefined}
        action={<ButtonLink to={paths.account}>{t('payments.viewOrders')}</ButtonLink>}
      />
    );
  }
  // "Paid" (or "not paid") is the order's word, not the address's: until the order answers, it is being confirmed.
  if (!order.isSuccess) return <PaymentOutcomeView key="pending" outcome="pending" orderId={id} />;
  if (claimed === 'success' && order.data.status === 'awaiting_payment') return <PaymentOutcomeView key="pending" outcome="pending" orderId={id} />;
  // The payment just made, and the order confirms it: the payment's own thanks, on to the order.
  const last = order.data.payments?.at(-1);
  const paidNow = claimed === 'success' && (order.data.status === 'confirmed' || order.data.status === 'completed') && !sentBackOf(order.data) && !(last?.purpose === 'exchange' && last.status === 'failed');
  if (paidNow) return <PaymentOutcomeView key="success" outcome="success" orderId={id} />;
  return <OrderPaymentState order={order.data} reason={reason} />;
}

/** What the order says of its payment: cancelled (and what became of money that came), paid, waiting for payment, or failed. */
function OrderPaymentState({ order, reason }: { order: OrderStatus; reason: string | null }) {
  const id = order.id;
  // A payment that arrived after its order was cancelled (or its change given up) was taken and
  // is sent back in full: neither "received" nor "not charged", and nothing to try again.
  const sentBack = sentBackOf(order);
  if (sentBack) return <SentBackView orderId={id} sentBack={sentBack} />;
  switch (order.status) {
    case 'cancelled':
      return <CancelledOrderView orderId={id} />;
    case 'confirmed':
    case 'completed': {
      // A change's payment that failed leaves the trip booked as it was.
      const last = order.payments?.at(-1);
      const changeFailed = last?.purpose === 'exchange' && last.status === 'failed';
      return <OrderStateView orderId={id} testId={changeFailed ? 'payment-change-failed' : 'payment-paid-order'} title={changeFailed ? 'payments.changeNotPaidTitle' : 'payments.paidOrderTitle'} text={changeFailed ? 'payments.changeNotPaidText' : 'payments.paidOrderText'} />;
    }
    case 'awaiting_payment':
      return (
        <OrderStateView orderId={id} testId="payment-awaiting" title="payments.awaitingTitle" text="payments.awaitingText">
          {order.payment_url ? <PayLinkButton url={order.payment_url} /> : order.actions?.pay ? <PayAgainButton orderId={id} /> : null}
        </OrderStateView>
      );
    default:
      return <PaymentOutcomeView key="failure" outcome="failure" orderId={id} reason={reason} />;
  }
}

function PayLinkButton({ url }: { url: string }) {
  const { t } = useTranslation();
  return (
    <Button data-testid="pay-now" onClick={() => window.location.assign(url)}>
      {t('payments.payNow')}
    </Button>
  );
}

/** The order's state told as it is, with the way to the order (and what it offers to do). */
function OrderStateView({ orderId, testId, title, text, children }: { orderId: string; testId: string; title: string; text: string; children?: ReactNode }) {
  const { t } = useTranslation();
  return (
    <div className="result" role="status" data-testid={testId}>
      <span className="result__icon" aria-hidden="true">
        <Icon name="wallet" size={40} />
      </span>
      <h2 className="result__title">{t(title)}</h2>
      <p className="result__text">{t(text, { number: orderId })}</p>
      <p className="muted">{t('payments.tripNumber', { number: orderId })}</p>
      <div className="button-row button-row--center">
        {children}
        <ButtonLink variant={children ? 'ghost' : undefined} to={paths.order(orderId)}>
          {t('payments.viewOrder')}
        </ButtonLink>
      </div>
    </div>
  );
}

/** A payment taken after its order was cancelled (or its change given up): sent back in full, with the amount. */
function SentBackView({ orderId, sentBack }: { orderId: string; sentBack: SentBack }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const amount = formatMoney(sentBack.amount.amount, sentBack.amount.currency as Currency, language);
  const cancelled = sentBack.reason === 'paid_after_cancellation';
  return (
    <div className="result result--failure" role="status" data-testid="payment-refunded">
      <span className="result__icon" aria-hidden="true">
        <Icon name="alert" size={40} />
      </span>
      <h2 className="result__title">{t(cancelled ? 'payments.cancelledTitle' : 'payments.changeGivenUpTitle')}</h2>
      <p className="result__text">
        {cancelled
          ? t(sentBack.issued ? 'payments.paidAfterCancellingRefunded' : 'payments.paidAfterCancellingRefunding', { amount })
          : t(sentBack.issued ? 'payments.paidForGivenUpChangeRefunded' : 'payments.paidForGivenUpChangeRefunding', { amount })}
      </p>
      <p className="muted">{t('payments.tripNumber', { number: orderId })}</p>
      <div className="button-row button-row--center">
        <ButtonLink to={paths.order(orderId)}>{t('payments.viewOrder')}</ButtonLink>
      </div>
    </div>
  );
}

/** The order was cancelled and no payment for it is recorded (yet): whatever is taken goes back. */
function CancelledOrderView({ orderId }: { orderId: string }) {
  const { t } = useTranslation();
  return (
    <div className="result result--failure" role="status" data-testid="payment-cancelled-order">
      <span className="result__icon" aria-hidden="true">
        <Icon name="alert" size={40} />
      </span>
      <h2 className="result__title">{t('payments.cancelledTitle')}</h2>
      <p className="result__text">{t('payments.cancelledText')}</p>
      <p className="muted">{t('payments.tripNumber', { number: orderId })}</p>
      <div className="button-row button-row--center">
        <ButtonLink to={paths.order(orderId)}>{t('payments.viewOrder')}</ButtonLink>
      </div>
    </div>
  );
}

function EnquiryPayment({ tripNumber }: { tripNumber: string }) {
  const { t } = useTranslation();
  const pay = usePayEnquiry();
  const [email, setEmail] = useState('');
  return (
    <div className="narrow stack">
      <EmptyState icon="wallet" title={t('payments.quoteTitle', { number: tripNumber })} description={t('payments.quoteText')} />
      <form
        className="form card card--plain"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          pay.mutate(
            { tripNumber, email },
            {
              onSuccess: (url) => window.location.assign(url),
              onError: (error) => toast.error(error instanceof PaymentPageTimeout ? t('orders.payPageSlow') : error.message || t('enquiry.bookingFailed')),
            },
          );
        }}
      >
        <InputField label={t('fields.email')} type="email" autoComplete="email" value={email} onChange={(event) => setEmail(event.target.value)} required />
        <Button type="submit" loading={pay.isPending}>
          {t('payments.payNow')}
        </Button>
      </form>
    </div>
  );
}
