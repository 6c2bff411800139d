import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

import { Button, ButtonLink } from '@/components/ui/button';
import { InputField, SelectField, TextAreaField } from '@/components/ui/field';
import { LeavePrompt } from '@/components/ui/leave-prompt';
import { PageHeader } from '@/components/ui/page-header';
import { QueryView } from '@/components/ui/query-view';
import { SkeletonGrid } from '@/components/ui/states';
import { paths } from '@/config/paths';
import { REASON_MAX } from '@/config/constants';
import { useLanguage } from '@/hooks/use-language';
import { useLeaveGuard } from '@/hooks/use-leave-guard';
import { useNow } from '@/hooks/use-now';
import { isApiError } from '@/lib/api-client';
import { westernDigits } from '@/lib/digits';
import { toast } from '@/lib/toast';
import { formatClock, formatDate, formatNumber, isolate } from '@/utils/format';

import { useExchangeQuote } from '../api/get-exchange-quote';
import { useExchangeTimes, type ExchangeTimes } from '../api/get-exchange-times';
import { useOrder } from '../api/get-order';
import { cancelOrder, exchangeOrder, requestRefund, useOrderAction } from '../api/order-actions';
import type { Order } from '../api/types';

import { OrderMoney } from './money-text';
import './orders.css';

type Action = 'cancel' | 'refund' | 'exchange';

/** The screens /account/order/{id}/cancel|refund|exchange: the rules first, then the confirmation. */
export function OrderChangeForm({ id, action, onDone, pickers }: { id: string; action: Action; onDone: () => void; pickers: ExchangePickers }) {
  const { t } = useTranslation();
  const order = useOrder(id);
  return (
    <>
      <PageHeader title={t(`orders.actionTitles.${action}`)} lead={t('orders.number', { number: isolate(id) })} />
      {/* A reason typed or a new date chosen, not sent: leaving the page within the site asks first. */}
      <LeavePrompt />
      <QueryView query={order} loading={<SkeletonGrid count={2} variant="row" />} errorTitle={t('orders.notFound')}>
        {(o) => (
          <div className="narrow card card--plain stack">
            {action === 'cancel' ? <CancelForm order={o} onDone={onDone} /> : null}
            {action === 'refund' ? <RefundForm order={o} onDone={onDone} /> : null}
            {action === 'exchange' ? <ExchangeForm order={o} onDone={onDone} pickers={pickers} /> : null}
            <ButtonLink variant="ghost" to={paths.order(o.id)}>{t('orders.back')}</ButtonLink>
          </div>
        )}
      </QueryView>
    </>
  );
}

function failed(t: (key: string) => string, error: unknown) {
  toast.error(isApiError(error) ? error.message : t('orders.actionFailed'));
}

function CancelForm({ order: o, onDone }: { order: Order; onDone: () => void }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const [reason, setReason] = useState('');
  const cancel = useOrderAction(o.id, (r: string) => cancelOrder(o.id, r));
  const guard = useLeaveGuard(reason.trim() !== '' && !cancel.isPending && !cancel.isSuccess);
  const c = o.cancellation;
  // Nothing was paid (waiting for payment, or its payment failed): the late rule is not this order's.
  const unpaid = o.status === 'awaiting_payment' || o.status === 'payment_failed';
  // Cancelled meanwhile (this cancellation whose answer was lost, the change pushed live; or staff's):
  // the order shows it, rather than "can no longer be cancelled" here. A cancellation of this form
  // that succeeds goes there by itself (its callbacks, with the refund's toast).
  const done = o.status === 'cancelled' && !cancel.isPending && !cancel.isSuccess;
  useEffect(() => {
    if (!done) return;
    guard.release();
    onDone();
  }, [done, onDone, guard]);
  if (done) return null;
  if (!o.actions.cancel) return <p>{t('orders.cannotCancel')}</p>;
  return (
    <form
      className="form stack"
      onSubmit={(event) => {
        event.preventDefault();
        cancel.mutate(reason, {
          onSuccess: (result) => {
            toast.success(result.refunded && result.refunded.minor > 0 ? t('orders.cancelledRefund', { amount: formatNumber(result.refunded.amount, language) }) : t('orders.actionDone.cancel'));
            guard.release();
            onDone();
          },
          onError: (error) => failed(t, error),
        });
      }}
    >
      <div className="order-rule" data-testid="cancel-rule">
        {unpaid ? (
          <p>{t('orders.cancelUnpaid')}</p>
        ) : c.free ? (
          <p>{t('orders.cancelFree', { until: t('common.cairoTime', { time: formatDate(c.free_until, language, { dateStyle: 'medium', timeStyle: 'short' }) }) })}</p>
        ) : (
          <p>{t('orders.cancelLate', { kept: formatNumber(100 - c.refund_percent, language), hours: formatNumber(c.free_hours_before, language) })}</p>
        )}
        {c.refund.minor > 0 ? (
          <p>
            {t('orders.youGetBack')} <strong data-testid="cancel-refund"><OrderMoney amount={c.refund} /></strong>
          </p>
        ) : !unpaid && !c.free && c.keep && c.keep.minor > 0 ? (
          // Late, after refunds that gave back more than the policy's share: nothing more comes back,
          // which a screen without a "you get back" line left the traveller to guess.
          <p data-testid="cancel-nothing-back">
            {t('orders.nothingBack')} <strong><OrderMoney amount={c.keep} /></strong>
          </p>
        ) : null}
      </div>
      <TextAreaField label={t('fields.reason')} rows={3} maxLength={REASON_MAX} value={reason} onChange={(event) => setReason(event.target.value)} />
      <Button type="submit" variant="danger" loading={cancel.isPending}>
        {t('orders.confirmCancel')}
      </Button>
    </form>
  );
}

function RefundForm({ order: o, onDone }: { order: Order; onDone: () => void }) {
  const { t } = useTranslation();
  const max = (o.paid.minor - o.refunded.minor) / 100;
  const [reason, setReason] = useState('');
  const [amount, setAmount] = useState(String(max));
  // Refused before sending: text that is no amount of pounds (a number box would drop «١٢» silently).
  const [amountError, setAmountError] = useState<string | undefined>(undefined);
  const refund = useOrderAction(o.id, (input: { reason: string; amount: number }) => requestRefund(o.id, input.reason, input.amount));
  const guard = useLeaveGuard((reason.trim() !== '' || amount !== String(max)) && !refund.isPending && !refund.isSuccess);
  if (!o.actions.refund) return <p>{t('orders.nothingToRefund')}</p>;
  return (
    <form
      className="form stack"
      onSubmit={(event) => {
        event.preventDefault();
        // Typed in any digits («١٢٫٥٠» is 12.50); anything else is said on the field, not sent.
        const typed = westernDigits(amount);
        if (!/^\d+(\.\d{1,2})?$/.test(typed) || Number(typed) <= 0) {
          setAmountError('validation.invalid');
          return;
        }
        refund.mutate(
          { reason, amount: Number(typed) },
          {
            onSuccess: () => {
              toast.success(t('orders.actionDone.refund'));
              guard.release();
              onDone();
            },
            onError: (error) => failed(t, error),
          },
        );
      }}
    >
      <p className="order-rule">{t('orders.refundRule')}</p>
      <InputField
        label={t('orders.refundAmount')}
        // A text box, not type="number": that one drops Arabic-Indic digits («١٢») without a word.
        type="text"
        inputMode="decimal"
        dir="ltr"
        value={amount}
        error={amountError}
        onChange={(event) => {
          setAmount(event.target.value);
          setAmountError(undefined);
        }}
      />
      <TextAreaField label={t('fields.reason')} rows={3} maxLength={REASON_MAX} required value={reason} onChange={(event) => setReason(event.target.value)} />
      <Button type="submit" loading={refund.isPending} disabled={!reason.trim()}>
        {t('orders.actions.refund')}
      </Button>
    </form>
  );
}

/**
 * What the exchange borrows from the checkout, composed in src/app (a feature never imports another):
 * its date picker, its pickup-time picker (fed the times at which this order's trip fits the day) and
 * the rate plans to choose from.
 */
export interface ExchangePickers {
  datePicker: (props: { value: string; ownDay: string; onChange: (date: string) => void }) => ReactNode;
  timePicker: (props: {
    date: string;
    times: ExchangeTimes | undefined;
    loading: boolean;
    failed: boolean;
    onRetry: () => void;
    value: string;
    onChange: (time: string) => void;
  }) => ReactNode;
  rates: ReadonlyArray<{ value: string; label: string }>;
}

/**
 * Why the trip cannot be changed: a booked trip past the change cut-off says the rule and when it
 * passed (Cairo time), as the cancellation says its own; any other order says it plainly.
 */
function CannotExchange({ order: o }: { order: Order }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const now = useNow().getTime();
  const cutoff = Date.parse(o.cancellation.free_until);
  if (o.status === 'confirmed' && !o.pending_exchange && now >= cutoff && now < Date.parse(o.trip.start_at)) {
    const passed = t('common.cairoTime', { time: formatDate(o.cancellation.free_until, language, { dateStyle: 'medium', timeStyle: 'short' }) });
    return (
      <p data-testid="exchange-cutoff-passed">
        {t('orders.exchangeCutoffPassed', { hours: formatNumber(o.cancellation.free_hours_before, language), time: passed })}
      </p>
    );
  }
  return <p>{t('orders.cannotExchange')}</p>;
}

function ExchangeForm({ order: o, onDone, pickers }: { order: Order; onDone: () => void; pickers: ExchangePickers }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const [date, setDate] = useState(o.trip.date);
  const [time, setTime] = useState(o.trip.time);
  const [rate, setRate] = useState(o.trip.rate_plan.id);
  const times = useExchangeTimes(o.id, date);
  // Only a real change is priced: the booking as it stands is no change (the server refuses to quote it),
  // so until the traveller changes something the form asks them to, rather than showing a refusal.
  const changed = date !== o.trip.date || time !== o.trip.time || rate !== o.trip.rate_plan.id;
  // Once the change is made, nothing is priced again: a refresh of the order (pushed live) would ask
  // the server to price the trip as it now is, which it refuses ("Nothing would change").
  const [exchanged, setExchanged] = useState(false);
  const quote = useExchangeQuote(o.id, changed && !exchanged ? date : '', changed && !exchanged ? time : '', rate);
  const separator = t('common.detailSeparator');
  const tripLine = (trip: Order['trip']) =>
    [formatDate(`${trip.date}T12:00:00Z`, language, { dateStyle: 'full', timeZone: 'UTC' }), t('common.cairoTime', { time: formatClock(trip.time, language) }), trip.rate_plan.name].join(separator);
  // The new date, time and plan are the action's input: another choice after a refusal is another
  // action with its own Idempotency-Key, never the first one's key with another body.
  const exchange = useOrderAction(o.id, (change: { date: string; time: string; rate_plan_id: string }) => exchangeOrder(o.id, change));
  const guard = useLeaveGuard(changed && !exchange.isPending && !exchange.isSuccess);
  // The order's own plan stays offered even when it is no longer listed.
  const rates = pickers.rates.some((r) => r.value === o.trip.rate_plan.id) ? pickers.rates : [{ value: o.trip.rate_plan.id, label: o.trip.rate_plan.name }, ...pickers.rates];
  if (!o.actions.exchange) return <CannotExchange order={o} />;
  const diff = quote.data?.difference;
  return (
    <form
      className="form stack"
      data-testid="exchange-form"
      onSubmit={(event) => {
        event.preventDefault();
        exchange.mutate({ date, time, rate_plan_id: rate }, {
          onSuccess: (result) => {
            guard.release();
            setExchanged(true);
            if (result.paymentUrl) {
              window.location.assign(result.paymentUrl);
              return;
            }
            toast.success(t('orders.actionDone.exchange'));
            onDone();
          },
          onError: (error) => failed(t, error),
        });
      }}
    >
      <p className="order-rule">{t('orders.exchangeRule', { hours: formatNumber(o.cancellation.free_hours_before, language) })}</p>
      <p className="muted" data-testid="exchange-current">
        {t('orders.exchangeBookedNow', { trip: tripLine(o.trip) })}
      </p>
      {o.quoted ? (
        // Staff priced the trip: its car and stops are theirs to change (the server refuses them here).
        <p className="muted" data-testid="exchange-quoted">{t('orders.exchangeQuoted')}</p>
      ) : (
        <SelectField label={t('fields.rate')} options={rates} value={rate} onChange={(event) => setRate(event.target.value)} data-testid="exchange-rate" />
      )}
      <div className="field">
        <span className="field__label">{t('fields.date')}</span>
        {pickers.datePicker({
          value: date,
          ownDay: o.trip.date,
          onChange: (day) => {
            setDate(day);
            setTime('');
          },
        })}
      </div>
      {pickers.timePicker({
        date,
        times: times.data,
        loading: times.isFetching,
        failed: times.isError,
        onRetry: () => void times.refetch(),
        value: time,
        onChange: setTime,
      })}
      <div aria-live="polite" data-testid="exchange-quote">
        {!changed || !date || !time ? <p className="muted" data-testid="exchange-choose">{t('orders.exchangeChoose')}</p> : null}
        {changed && quote.isFetching ? <p className="muted">{t('common.loading')}</p> : null}
        {changed && quote.isError ? <p className="field__error" data-testid="exchange-refused">{isApiError(quote.error) ? quote.error.message : t('orders.actionFailed')}</p> : null}
        {changed && quote.data && diff ? (
          <div className="order-rule">
            <p>{tripLine(quote.data.trip)}</p>
            <p>
              {t('orders.newTotal')} <OrderMoney amount={quote.data.total} prices={quote.data.prices} />
            </p>
            <p data-testid="exchange-difference">
              {diff.minor > 0 ? t('orders.toPay') : diff.minor < 0 ? t('orders.toRefund') : t('orders.noDifference')}{' '}
              {diff.minor !== 0 ? <OrderMoney amount={{ ...diff, amount: Math.abs(diff.amount), minor: Math.abs(diff.minor) }} /> : null}
            </p>
          </div>
        ) : null}
      </div>
      <Button type="submit" loading={exchange.isPending} disabled={!changed || !quote.data || quote.isFetching} data-testid="confirm-exchange">
        {diff && diff.minor > 0 ? t('orders.confirmExchangePay') : t('orders.confirmExchange')}
      </Button>
    </form>
  );
}
