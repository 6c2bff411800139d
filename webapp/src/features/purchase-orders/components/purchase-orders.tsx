import { useEffect, useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';

import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { DayPicker } from '@/components/ui/day-picker';
import { CheckboxField, InputField, SelectField } from '@/components/ui/field';
import { PageHeader } from '@/components/ui/page-header';
import { QueryView } from '@/components/ui/query-view';
import { EmptyState, SkeletonGrid } from '@/components/ui/states';
import { Tabs } from '@/components/ui/tabs';
import { TimeSelect } from '@/components/ui/time-select';
import { TableWrap } from '@/components/ui/table-wrap';
import { REASON_MAX, type Currency } from '@/config/constants';
import { useLanguage } from '@/hooks/use-language';
import { useOfficeHours } from '@/hooks/use-office-hours';
import { isApiError } from '@/lib/api-client';
import { formResolver } from '@/lib/form-resolver';
import { applyServerErrors } from '@/lib/server-errors';
import { toast } from '@/lib/toast';
import { cairoToday } from '@/utils/cairo-day';
import { formatCalendarDate, formatClock, formatDate, formatMoney, isolate } from '@/utils/format';
import { hoursOfDay } from '@/utils/opening-hours';
import { useDetailSeparator } from '@/hooks/use-detail-separator';
import { useRouteArrow } from '@/hooks/use-route-arrow';

import {
  cancelOrderAsStaff,
  declineEnquiry,
  quoteEnquiry,
  quoteInputSchema,
  useAdminEnquiries,
  useAdminOrders,
  useAdminPayments,
  useOrdersLive,
  useStaffAction,
  type AdminEnquiry,
  type AdminOrder,
  type AdminPaymentRow,
  type CancelledFor,
  type OrderFilter,
  type QuoteInput,
} from '../api/purchase-orders';
import { toMinor, underpaidMinor } from '../utils/money';
import { refundRequestLines } from '../utils/refund-requests';
import { CodeText } from './code-text';
import { ChangeDateTime } from './change-date-time';
import { OrderMoney } from './order-money';
import { PageClosed } from './page-closed';
import './purchase-orders.css';

type Tab = 'orders' | 'enquiries' | 'payments';

function useMoney() {
  const language = useLanguage();
  return (m: { amount: number; currency: string }) => formatMoney(m.amount, m.currency as Currency, language);
}

function onError(error: unknown) {
  toast.error(isApiError(error) ? error.message : String(error));
}

/** Purchase orders: every order with its money in or out of balance, enquiries to quote, the payments audit. */
export function AdminPurchaseOrders() {
  const { t } = useTranslation();
  const [tab, setTab] = useState<Tab>('orders');
  return (
    <>
      <PageHeader title={t('admin.purchaseOrders.title')} lead={t('admin.purchaseOrders.lead')} />
      <Tabs
        label={t('admin.purchaseOrders.title')}
        tabs={[
          { key: 'orders', label: t('purchaseOrders.tabs.orders') },
          { key: 'enquiries', label: t('purchaseOrders.tabs.enquiries') },
          { key: 'payments', label: t('purchaseOrders.tabs.payments') },
        ]}
        value={tab}
        onChange={setTab}
      >
        {tab === 'orders' ? <Orders /> : null}
        {tab === 'enquiries' ? <Enquiries /> : null}
        {tab === 'payments' ? <Payments /> : null}
      </Tabs>
    </>
  );
}

function Orders() {
  const { t } = useTranslation();
  // ?q= opens the list on one order (a link from the process steps).
  const [params] = useSearchParams();
  const [filter, setFilter] = useState<OrderFilter>({ status: '', attention: false, refundRequested: false, q: params.get('q') ?? '' });
  const orders = useAdminOrders(filter);
  useOrdersLive();
  const statuses = ['awaiting_payment', 'confirmed', 'payment_failed', 'expired', 'cancelled', 'completed'].map((value) => ({ value, label: t(`orders.statuses.${value}`) }));
  return (
    <div className="stack">
      <div className="form form--grid">
        <InputField label={t('purchaseOrders.search')} value={filter.q} onChange={(e) => setFilter({ ...filter, q: e.target.value })} />
        <SelectField label={t('purchaseOrders.status')} options={statuses} placeholder={t('purchaseOrders.all')} value={filter.status} onChange={(e) => setFilter({ ...filter, status: e.target.value })} />
        <CheckboxField label={t('purchaseOrders.attentionOnly')} checked={filter.attention} onChange={(e) => setFilter({ ...filter, attention: e.target.checked })} />
        <CheckboxField label={t('purchaseOrders.refundRequests')} checked={filter.refundRequested} onChange={(e) => setFilter({ ...filter, refundRequested: e.target.checked })} />
      </div>
      <QueryView query={orders} loading={<SkeletonGrid count={4} variant="row" />} isEmpty={(d) => d.data.length === 0} empty={<EmptyState icon="ticket" title={t('admin.purchaseOrders.empty')} />}>
        {(d) => (
          <ul className="order-list" data-testid="purchase-orders">
            {d.data.map((o) => (
              <OrderRow key={o.id} order={o} />
            ))}
          </ul>
        )}
      </QueryView>
    </div>
  );
}

// The statuses staff may cancel an order in (domain/order decideCancel): one awaiting payment, and a
// confirmed one, on the road too. A completed, expired or failed order offers no cancel to run into.
const STAFF_CANCELLABLE = new Set(['awaiting_payment', 'confirmed']);

function OrderRow({ order: o }: { order: AdminOrder }) {
  const separator = useDetailSeparator();
  const { t } = useTranslation();
  const language = useLanguage();
  const money = useMoney();
  const [open, setOpen] = useState(false);
  const [cancelReason, setCancelReason] = useState('');
  const [confirmCancel, setConfirmCancel] = useState(false);
  // Staff cancelling a paid trip say why (the server's rule, domain/order): asked here before the dialog.
  const reasonNeeded = o.status === 'confirmed';
  const [reasonMissing, setReasonMissing] = useState(false);
  // Staff cancelling a paid trip also say who it is for: the business (everything paid goes back) or
  // the traveller, who asked (the policy applies). What each refunds is shown before they confirm.
  const [cancelFor, setCancelFor] = useState<CancelledFor | ''>('');
  const [cancelForMissing, setCancelForMissing] = useState(false);
  const zero = { amount: 0, minor: 0, currency: o.total.currency };
  const refundFor = {
    business: o.cancellation?.refund_by_business ?? zero,
    traveller: o.cancellation?.refund ?? zero,
  };
  // The reason and the choice are the action's input: either changed after a refusal is another action with its own key.
  const cancel = useStaffAction((input: { reason: string; initiatedBy?: CancelledFor }) => cancelOrderAsStaff(o.id, input.reason, input.initiatedBy));
  return (
    <li className="order-list__item" data-order={o.id}>
      <div className="order-list__main">
        <button type="button" className="order-list__number link-button" onClick={() => setOpen(!open)} aria-expanded={open}>
          {o.id}
        </button>
        <p className="muted small">
          <bdi>{`${o.contact.first_name} ${o.contact.last_name}`.trim()}</bdi>
          {separator}
          {formatCalendarDate(o.trip.date, language)} {t('common.cairoTime', { time: formatClock(o.trip.time, language) })}
          {separator}
          {t('purchaseOrders.placed', { date: formatDate(o.placed_at, language) })}
        </p>
        {o.needs_attention ? (
          <p className="field__error">
            {o.owed.minor > 0 ? `${t('purchaseOrders.owed', { amount: money(o.owed) })} ` : null}
            {underpaidMinor(o) > 0 ? `${t('purchaseOrders.underpaid', { amount: money({ amount: underpaidMinor(o) / 100, currency: o.total.currency }) })} ` : null}
            {o.attention.map((a) => t(`purchaseOrders.attention.${a.reason}`, { defaultValue: a.reason })).join(', ')}
          </p>
        ) : null}
        {refundRequestLines(o).map(({ request: r, waiting }) => (
          <p key={r.at} className={waiting ? 'small' : 'muted small'} data-testid={waiting ? 'refund-request-waiting' : 'refund-request-answered'}>
            {t(waiting ? 'purchaseOrders.refundRequested' : 'purchaseOrders.refundRequestAnswered', { amount: money(r.amount) })}: <bdi>{r.reason}</bdi>
          </p>
        ))}
        {open ? (
          <>
            <OrderMoney order={o} />
            {o.status === 'confirmed' ? <ChangeDateTime order={o} /> : null}
            {STAFF_CANCELLABLE.has(o.status) ? (
              <div className="form stack order-money__cancel">
                <InputField
                  label={t('purchaseOrders.cancelReason')}
                  value={cancelReason}
                  maxLength={REASON_MAX}
                  required={reasonNeeded}
                  error={reasonMissing ? t('validation.required') : undefined}
                  onChange={(e) => setCancelReason(e.target.value)}
                />
                {reasonNeeded ? (
                  <fieldset className="order-money__choice" aria-describedby={cancelForMissing ? `cancel-for-error-${o.id}` : undefined}>
                    <legend className="field__label">{t('purchaseOrders.cancelFor')}</legend>
                    {(['business', 'traveller'] as const).map((side) => (
                      <label key={side} className="check">
                        <input
                          type="radio"
                          name={`cancel-for-${o.id}`}
                          value={side}
                          checked={cancelFor === side}
                          onChange={() => {
                            setCancelFor(side);
                            setCancelForMissing(false);
                          }}
                        />
                        <span>{t(side === 'business' ? 'purchaseOrders.cancelForBusiness' : 'purchaseOrders.cancelForTraveller', { refund: money(refundFor[side]) })}</span>
                      </label>
                    ))}
                    {cancelForMissing ? (
                      <p className="field__error" id={`cancel-for-error-${o.id}`}>
                        {t('purchaseOrders.cancelForRequired')}
                      </p>
                    ) : null}
                  </fieldset>
                ) : null}
                <div className="button-row">
                  <Button
                    size="sm"
                    variant="danger"
                    className="btn--wrap"
                    onClick={() => {
                      const missing = reasonNeeded && cancelReason.trim() === '';
                      const noSide = reasonNeeded && cancelFor === '';
                      setReasonMissing(missing);
                      setCancelForMissing(noSide);
                      if (!missing && !noSide) setConfirmCancel(true);
                    }}
                  >
                    {t('orders.actions.cancel')}
                  </Button>
                </div>
                {/* A cancelled order refunds what it then owes: never on one click. */}
                <ConfirmDialog
                  open={confirmCancel}
                  title={t('purchaseOrders.cancelConfirmTitle')}
                  confirmLabel={t('orders.actions.cancel')}
                  cancelLabel={t('purchaseOrders.money.keep')}
                  confirmVariant="danger"
                  loading={cancel.isPending}
                  onCancel={() => setConfirmCancel(false)}
                  onConfirm={() =>
                    cancel.mutate({ reason: cancelReason, initiatedBy: reasonNeeded && cancelFor !== '' ? cancelFor : undefined }, {
                      onSuccess: () => {
                        setConfirmCancel(false);
                        toast.success(t('orders.actionDone.cancel'));
                      },
                      onError: (error) => {
                        setConfirmCancel(false);
                        onError(error);
                      },
                    })
                  }
                >
                  <p data-testid="cancel-confirm-text">
                    {cancelFor === 'business' && reasonNeeded
                      ? t('purchaseOrders.cancelConfirmBusiness', { order: isolate(o.id), refund: money(refundFor.business) })
                      : cancelFor === 'traveller' && reasonNeeded
                        ? (o.cancellation?.keep?.minor ?? 0) > 0
                          ? t('purchaseOrders.cancelConfirmTraveller', { order: isolate(o.id), refund: money(refundFor.traveller), keep: money(o.cancellation?.keep ?? zero) })
                          : t('purchaseOrders.cancelConfirmTravellerFree', { order: isolate(o.id), refund: money(refundFor.traveller) })
                        : refundFor.traveller.minor > 0
                          ? t('purchaseOrders.cancelConfirmText', { order: isolate(o.id), refund: money(refundFor.traveller) })
                          : t('purchaseOrders.cancelConfirmNothing', { order: isolate(o.id) })}
                  </p>
                </ConfirmDialog>
              </div>
            ) : null}
          </>
        ) : null}
      </div>
      <span className={`badge badge--status badge--${o.status}`}>{t(`orders.statuses.${o.status}`, { defaultValue: o.status })}</span>
      <span className="price">
        {money(o.total)}
        {o.paid.minor ? <span className="muted small">{separator}{t('orders.paid')} {money(o.paid)}</span> : null}
        {o.refunded.minor ? <span className="muted small">{separator}{t('orders.refunded')} {money(o.refunded)}</span> : null}
      </span>
    </li>
  );
}

function Enquiries() {
  const { t } = useTranslation();
  const [status, setStatus] = useState('submitted');
  const enquiries = useAdminEnquiries(status);
  const statuses = ['submitted', 'quoted', 'declined', 'converted'].map((value) => ({ value, label: t(`tripStatus.statuses.enquiry_${value}`) }));
  return (
    <div className="stack">
      <SelectField label={t('purchaseOrders.status')} options={statuses} placeholder={t('purchaseOrders.all')} value={status} onChange={(e) => setStatus(e.target.value)} />
      <QueryView query={enquiries} loading={<SkeletonGrid count={3} variant="row" />} isEmpty={(d) => d.data.length === 0} empty={<EmptyState icon="ticket" title={t('purchaseOrders.noEnquiries')} />}>
        {(d) => (
          <ul className="order-list">
            {d.data.map((q) => (
              <EnquiryRow key={q.trip_number} enquiry={q} />
            ))}
          </ul>
        )}
      </QueryView>
    </div>
  );
}

function EnquiryRow({ enquiry: q }: { enquiry: AdminEnquiry }) {
  const arrow = useRouteArrow();
  const separator = useDetailSeparator();
  const { t } = useTranslation();
  const money = useMoney();
  const form = useForm<QuoteInput>({
    mode: 'onChange',
    resolver: formResolver(quoteInputSchema),
    defaultValues: { amount: q.estimate.minor ? String(q.estimate.amount) : '', date: q.trip.date, time: q.trip.time, note: '' },
  });
  const quote = useStaffAction((input: QuoteInput) =>
    quoteEnquiry(q.trip_number, { amount: (toMinor(input.amount) ?? 0) / 100, note: input.note, valid_hours: 48, date: input.date || undefined, time: input.time || undefined }),
  );
  const decline = useStaffAction((note: string) => declineEnquiry(q.trip_number, note));
  // The server's word on a field (no date, a closed day, a time outside the hours) goes on that field.
  const quoteRefused = (error: unknown) => {
    if (!applyServerErrors(error, form.setError, { amount: 'amount', date: 'date', time: 'time', note: 'note' })) onError(error);
  };
  const sendQuote = form.handleSubmit((input) => quote.mutate(input, { onSuccess: () => toast.success(t('purchaseOrders.quoteSent')), onError: quoteRefused }));
  // Only the days and times the office works (the settings the server judges a start by) are offered.
  const schedule = useOfficeHours();
  const date = useWatch({ control: form.control, name: 'date' });
  const time = useWatch({ control: form.control, name: 'time' });
  const dayHours = schedule && date ? hoursOfDay(schedule, date) : undefined;
  const closedWhy = schedule ? (day: string) => (hoursOfDay(schedule, day) ? undefined : t('purchaseOrders.closedDay')) : undefined;
  useEffect(() => {
    if (time && dayHours && (time < dayHours.opens || time >= dayHours.closes)) form.setValue('time', '', { shouldValidate: true });
  }, [time, dayHours, form]);
  const open = q.status === 'submitted' || q.status === 'quoted';
  return (
    <li className="order-list__item" data-testid={`enquiry-${q.trip_number}`}>
      <div>
        <span className="order-list__number">{q.trip_number}</span>
        <p className="muted small">
          {q.contact ? (
            <>
              <bdi>{`${q.contact.first_name} ${q.contact.last_name}`.trim()}</bdi>{separator}<bdi dir="ltr">{q.contact.email}</bdi>{separator}<bdi dir="ltr">{q.contact.phone}</bdi>
            </>
          ) : null}
        </p>
        <p className="small" data-testid="enquiry-kind">
          {[
            q.about ? t(`purchaseOrders.about.${q.about}`, { defaultValue: q.about }) : null,
            q.guest ? t('purchaseOrders.guest') : null,
            q.trip.rate_plan?.name ? t('purchaseOrders.car', { name: q.trip.rate_plan.name }) : null,
            q.contact?.travellers ? t('purchaseOrders.travellers', { count: q.contact.travellers }) : null,
          ]
            .filter(Boolean)
            .join(separator)}
        </p>
        <p className="small">
          {q.trip.program ? (
            <>
              <bdi>{q.trip.program}</bdi>:{' '}
            </>
          ) : null}
          {[q.trip.pickup.name, ...q.trip.stops.map((s) => s.name)]
            .filter(Boolean)
            .map((name, i) => (
              <span key={i}>
                {i > 0 ? arrow : null}
                <bdi>{name}</bdi>
              </span>
            ))}
        </p>
        {q.contact?.comments ? (
          <p className="muted small">
            “<bdi>{q.contact.comments}</bdi>”
          </p>
        ) : null}
        {q.quote ? <p className="small">{t('purchaseOrders.quoted', { amount: money(q.quote.amount) })}</p> : null}
        {q.status === 'quoted' && q.needs_new_date ? (
          <p className="field__error" role="alert" data-testid="enquiry-needs-new-date">
            {t('purchaseOrders.needsNewDate')}
          </p>
        ) : null}
        {open ? (
          <div className="form form--grid">
            <InputField
              label={t('purchaseOrders.amount')}
              // A text box, not type="number": that one drops Arabic-Indic digits («٢٥٠») without a word.
              type="text"
              inputMode="decimal"
              dir="ltr"
              error={form.formState.errors.amount?.message}
              {...form.register('amount')}
            />
            <Controller
              control={form.control}
              name="date"
              render={({ field }) => (
                <DayPicker
                  label={t('purchaseOrders.dateCairo')}
                  value={field.value}
                  onChange={field.onChange}
                  min={cairoToday()}
                  blockedWhy={closedWhy}
                  placeholder={t('dayPicker.noDay')}
                  error={form.formState.errors.date?.message}
                  testId={`quote-date-${q.trip_number}`}
                />
              )}
            />
            <TimeSelect
              label={t('purchaseOrders.timeCairo')}
              placeholder={t('dayPicker.anyTime')}
              from={dayHours?.opens}
              until={dayHours?.closes}
              error={form.formState.errors.time?.message}
              data-testid={`quote-time-${q.trip_number}`}
              {...form.register('time')}
            />
            <InputField label={t('purchaseOrders.note')} error={form.formState.errors.note?.message} {...form.register('note')} />
            <Button size="sm" loading={quote.isPending} onClick={() => void sendQuote()}>
              {t('purchaseOrders.sendQuote')}
            </Button>
            <Button size="sm" variant="ghost" loading={decline.isPending} onClick={() => decline.mutate(form.getValues('note'), { onSuccess: () => toast.success(t('purchaseOrders.declined')), onError })}>
              {t('purchaseOrders.decline')}
            </Button>
          </div>
        ) : null}
      </div>
      <span className="badge badge--status">{t(`tripStatus.statuses.enquiry_${q.status}`, { defaultValue: q.status })}</span>
      <span className="price">{money(q.estimate)}</span>
    </li>
  );
}

function Payments() {
  const { t } = useTranslation();
  const [ignoredOnly, setIgnoredOnly] = useState(false);
  const payments = useAdminPayments(ignoredOnly);
  return (
    <div className="stack">
      <CheckboxField label={t('purchaseOrders.ignoredOnly')} checked={ignoredOnly} onChange={(e) => setIgnoredOnly(e.target.checked)} />
      <QueryView query={payments} loading={<SkeletonGrid count={4} variant="row" />} isEmpty={(d) => d.length === 0} empty={<EmptyState icon="wallet" title={t('purchaseOrders.noPayments')} />}>
        {(rows) => (
          <PaymentsTable rows={rows} />
        )}
      </QueryView>
    </div>
  );
}

/**
 * The payments audit. On a wide screen a table; narrower than its table (a phone) each payment is a
 * card, its order as the title and every other column named beside its value (data-label, as the
 * catalogue's lists do: .table-cards, styles/index.css), so nothing scrolls sideways.
 */
export function PaymentsTable({ rows }: { rows: AdminPaymentRow[] }) {
  const separator = useDetailSeparator();
  const { t } = useTranslation();
  const language = useLanguage();
  const heading = {
    provider: t('purchaseOrders.provider'),
    amount: t('purchaseOrders.amount'),
    status: t('purchaseOrders.status'),
    notices: t('purchaseOrders.notices'),
  };
  return (
    <div className="table-cards">
      <TableWrap label={t('purchaseOrders.tabs.payments')}>
        <table className="table" data-testid="payments-audit">
          <thead>
            <tr>
              <th scope="col">{t('purchaseOrders.order')}</th>
              <th scope="col">{heading.provider}</th>
              <th scope="col">{heading.amount}</th>
              <th scope="col">{heading.status}</th>
              <th scope="col">{heading.notices}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((p) => (
              <tr key={p.payment_id} data-payment={p.payment_id}>
                <th scope="row">{p.order_id}</th>
                <td data-label={heading.provider}>
                  <span>
                    <CodeText group="provider" code={p.provider} />{separator}<CodeText group="purpose" code={p.purpose} />
                  </span>
                </td>
                <td data-label={heading.amount}>{formatMoney(p.amount_minor / 100, 'EGP', language)}</td>
                <td data-label={heading.status}>
                  <span>
                    <CodeText group="paymentStatus" code={p.status} />
                    {p.closed_at ? (
                      <>
                        {' '}
                        <PageClosed close={{ at: p.closed_at, outcome: p.close_outcome ?? '', why: p.close_why ?? '' }} />
                      </>
                    ) : null}
                  </span>
                </td>
                <td data-label={heading.notices} className={p.notices.length ? undefined : 'table-cards__none'}>
                  <span>
                    {p.notices.map((n) => (
                      <span key={`${n.kind}-${n.notice_id}`} className={n.kind === 'ignored' ? 'payments-audit__notice field__error small' : 'payments-audit__notice small'}>
                        {t('common.cairoTime', { time: formatDate(n.at, language, { dateStyle: 'short', timeStyle: 'medium' }) })}{separator}<CodeText group="noticeKind" code={n.kind} />
                        {n.reason ? (
                          <>
                            {' '}
                            (<CodeText group={n.kind === 'refunded' ? 'refundReason' : 'noticeReason'} code={n.reason} />)
                          </>
                        ) : null}
                      </span>
                    ))}
                  </span>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </TableWrap>
    </div>
  );
}
