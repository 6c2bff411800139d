import { useEffect, useRef, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';

import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { InputField } from '@/components/ui/field';
import { REASON_MAX, type Currency } from '@/config/constants';
import { useLanguage } from '@/hooks/use-language';
import { useLeaveGuard } from '@/hooks/use-leave-guard';
import { isApiError } from '@/lib/api-client';
import { formResolver } from '@/lib/form-resolver';
import { toast } from '@/lib/toast';
import { formatDate, formatMoney, isolate } from '@/utils/format';
import { useDetailSeparator } from '@/hooks/use-detail-separator';

import { acceptPayment, refundOrder, useStaffAction, type AdminOrder, type StaffAnswer } from '../api/purchase-orders';
import { acceptFormSchema, refundableMinor, refundAmount, refundFormSchema, type AcceptForm, type RefundForm } from '../utils/money';
import { CodeText } from './code-text';
import { PageClosed } from './page-closed';

type Payment = AdminOrder['payments'][number];

function useMoney() {
  const language = useLanguage();
  return (m: { amount: number; currency: string }) => formatMoney(m.amount, m.currency as Currency, language);
}

function onError(error: unknown) {
  toast.error(isApiError(error) ? error.message : String(error));
}

/** Money that came in and differs from what was asked, that staff have not yet accepted. */
const underReview = (p: Payment) => Boolean(p.review) && !p.accepted;

/**
 * The staff's view of an order's money as the processes record it: each payment (one that differs
 * from what was asked is flagged, and the order stays unconfirmed until staff accept it or send it
 * back), each refund (ordered, refunded, or refused with the provider's reason), what is on its way
 * back; and the two ways to settle it, each confirmed first with the amount.
 */
export function OrderMoney({ order: o }: { order: AdminOrder }) {
  const separator = useDetailSeparator();
  const { t } = useTranslation();
  const language = useLanguage();
  const money = useMoney();
  useRefundOutcomes(o);
  const pending = o.refund_pending?.minor ?? 0;
  return (
    <div className="order-money stack" data-testid="order-money">
      {o.payments.length ? (
        <section>
          <h3 className="order-money__title">{t('purchaseOrders.money.payments')}</h3>
          <ul className="order-money__list">
            {o.payments.map((p) => (
              <li key={p.id} data-testid={`payment-${p.id}`} data-review={underReview(p) ? 'true' : 'false'}>
                <span>
                  {t('purchaseOrders.money.asked', { amount: money(p.amount) })}
                  {p.received.minor ? `${separator}${t('purchaseOrders.money.received', { amount: money(p.received) })}` : ''}
                  {separator}
                  {t(`purchaseOrders.money.paymentStatus.${p.status}`, { defaultValue: p.status })}
                  {p.accepted ? `${separator}${t('purchaseOrders.money.accepted')}` : ''}
                </span>
                {p.closed ? <PageClosed close={p.closed} /> : null}
                {underReview(p) ? (
                  <>
                    <p className="field__error" data-testid="amount-mismatch">
                      {t('purchaseOrders.money.mismatch', { received: money(p.received), asked: money(p.amount) })}
                    </p>
                    <AcceptPayment order={o} payment={p} />
                  </>
                ) : null}
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {o.refunds.length ? (
        <section>
          <h3 className="order-money__title">{t('purchaseOrders.money.refunds')}</h3>
          <ul className="order-money__list" data-testid="order-refunds">
            {o.refunds.map((r) => (
              <li key={r.id} data-testid={`refund-${r.id}`} data-status={r.status} className={r.status === 'failed' ? 'field__error' : undefined}>
                {money(r.amount)}{separator}{t(`purchaseOrders.money.refundStatus.${r.status}`, { defaultValue: r.status })}
                {r.status === 'failed' && r.failure ? (
                  <>
                    : <bdi>{r.failure}</bdi>
                  </>
                ) : null}
                <span className="muted small">
                  {separator}
                  {r.reason ? (
                    <>
                      <CodeText group="refundReason" code={r.reason} />
                      {separator}
                    </>
                  ) : null}
                  {t('purchaseOrders.money.cairo', { time: formatDate(r.at, language, { dateStyle: 'medium', timeStyle: 'short' }) })}
                </span>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {pending > 0 && o.refund_pending ? (
        <p className="small" data-testid="refund-pending">
          {t('purchaseOrders.money.pending', { amount: money(o.refund_pending) })}
        </p>
      ) : null}
      <RefundForm order={o} />
    </div>
  );
}

/** Says when a refund this page saw on its way has ended (the live notice brings the order again). */
function useRefundOutcomes(o: AdminOrder) {
  const { t } = useTranslation();
  const money = useMoney();
  const seen = useRef(new Map<string, string>());
  useEffect(() => {
    for (const r of o.refunds) {
      const before = seen.current.get(r.id);
      if (before === 'in_progress' && r.status === 'issued') toast.success(t('purchaseOrders.money.refundIssued', { amount: money(r.amount), order: isolate(o.id) }));
      if (before === 'in_progress' && r.status === 'failed') toast.error(t('purchaseOrders.money.refundFailed', { amount: money(r.amount), order: isolate(o.id), reason: r.failure ?? '' }));
      seen.current.set(r.id, r.status);
    }
  }, [o, t, money]);
}

/** What a refund's answer says at once: refused, refunded, or ordered and on its way. */
function refundOutcome(t: (key: string, values?: Record<string, string>) => string, money: (m: { amount: number; currency: string }) => string, answer: StaffAnswer) {
  if (answer.refundFailed) toast.error(t('purchaseOrders.money.refundRefused'));
  else if (answer.refundPending && answer.refundPending.minor > 0) toast.info(t('purchaseOrders.money.refundOrdered', { amount: money(answer.refundPending) }));
  else if (answer.refunded && answer.refunded.minor > 0) toast.success(t('purchaseOrders.money.refundDone', { amount: money(answer.refunded) }));
  else toast.success(t('purchaseOrders.refunded'));
}

function RefundForm({ order: o }: { order: AdminOrder }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const money = useMoney();
  const max = refundableMinor(o);
  const form = useForm<RefundForm>({ mode: 'onTouched', resolver: formResolver(refundFormSchema(max)), defaultValues: { kind: 'full', amount: '', reason: '' } });
  const kind = useWatch({ control: form.control, name: 'kind' });
  const [asked, setAsked] = useState<RefundForm | null>(null);
  const refund = useStaffAction((input: { amount: number; reason: string }) => refundOrder(o.id, input.amount, input.reason));
  // An amount or a reason typed, not sent: leaving the order asks first.
  useLeaveGuard(form.formState.isDirty && !refund.isPending);
  if (max <= 0) return <p className="muted small">{t('purchaseOrders.money.nothingToRefund')}</p>;
  const errors = form.formState.errors;
  const pounds = (value: number) => formatMoney(value, 'EGP', language);
  const amount = asked ? refundAmount(asked, max) : 0;
  return (
    <form className="form stack order-money__refund" noValidate onSubmit={(event) => void form.handleSubmit((values) => setAsked(values))(event)} data-testid="refund-form">
      <fieldset className="order-money__choice">
        <legend className="field__label">{t('purchaseOrders.money.refundHow')}</legend>
        <label className="check">
          <input type="radio" value="full" {...form.register('kind')} />
          <span>{t('purchaseOrders.money.refundAll', { amount: pounds(max / 100) })}</span>
        </label>
        <label className="check">
          <input type="radio" value="partial" {...form.register('kind')} />
          <span>{t('purchaseOrders.money.refundPart')}</span>
        </label>
      </fieldset>
      {kind === 'partial' ? (
        <InputField
          label={t('purchaseOrders.amount')}
          inputMode="decimal"
          autoComplete="off"
          hint={t('purchaseOrders.money.upTo', { amount: pounds(max / 100) })}
          error={errors.amount?.message}
          {...form.register('amount')}
        />
      ) : null}
      <InputField label={t('fields.reason')} maxLength={REASON_MAX} error={errors.reason?.message} {...form.register('reason')} />
      <div className="button-row">
        <Button type="submit" size="sm" className="btn--wrap">
          {t('purchaseOrders.refund')}
        </Button>
      </div>
      <ConfirmDialog
        open={asked !== null}
        title={t('purchaseOrders.money.confirmRefundTitle')}
        confirmLabel={t('purchaseOrders.money.confirmRefund', { amount: pounds(amount) })}
        cancelLabel={t('purchaseOrders.money.keep')}
        confirmVariant="danger"
        loading={refund.isPending}
        onCancel={() => setAsked(null)}
        onConfirm={() => {
          if (!asked) return;
          refund.mutate(
            { amount, reason: asked.reason.trim() },
            {
              onSuccess: (answer) => {
                setAsked(null);
                form.reset({ kind: 'full', amount: '', reason: '' });
                refundOutcome(t, money, answer);
              },
              onError,
            },
          );
        }}
      >
        <p data-testid="refund-confirm-amount">{t('purchaseOrders.money.confirmRefundText', { amount: pounds(amount), order: isolate(o.id) })}</p>
        {asked ? <p className="muted small">{t('purchaseOrders.money.reasonIs', { reason: asked.reason.trim() })}</p> : null}
      </ConfirmDialog>
    </form>
  );
}

function AcceptPayment({ order: o, payment: p }: { order: AdminOrder; payment: Payment }) {
  const { t } = useTranslation();
  const money = useMoney();
  const form = useForm<AcceptForm>({ mode: 'onTouched', resolver: formResolver(acceptFormSchema), defaultValues: { reason: '' } });
  const [asked, setAsked] = useState<AcceptForm | null>(null);
  const accept = useStaffAction((reason: string) => acceptPayment(o.id, p.id, reason));
  useLeaveGuard(form.formState.isDirty && !accept.isPending && !accept.isSuccess);
  return (
    <form className="form stack" noValidate onSubmit={(event) => void form.handleSubmit((values) => setAsked(values))(event)} data-testid="accept-form">
      <InputField label={t('fields.reason')} maxLength={REASON_MAX} error={form.formState.errors.reason?.message} {...form.register('reason')} />
      <div className="button-row">
        <Button type="submit" size="sm" variant="secondary" className="btn--wrap">
          {t('purchaseOrders.money.accept')}
        </Button>
      </div>
      <ConfirmDialog
        open={asked !== null}
        title={t('purchaseOrders.money.confirmAcceptTitle')}
        confirmLabel={t('purchaseOrders.money.accept')}
        cancelLabel={t('purchaseOrders.money.keep')}
        loading={accept.isPending}
        onCancel={() => setAsked(null)}
        onConfirm={() => {
          if (!asked) return;
          accept.mutate(asked.reason.trim(), {
            onSuccess: () => {
              setAsked(null);
              toast.success(t('purchaseOrders.money.acceptedDone', { order: isolate(o.id) }));
            },
            onError,
          });
        }}
      >
        <p data-testid="accept-confirm-amounts">{t('purchaseOrders.money.confirmAcceptText', { received: money(p.received), asked: money(p.amount), order: isolate(o.id) })}</p>
      </ConfirmDialog>
    </form>
  );
}
