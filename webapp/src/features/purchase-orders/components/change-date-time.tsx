import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { Button } from '@/components/ui/button';
import { DayPicker } from '@/components/ui/day-picker';
import { InputField, SelectField } from '@/components/ui/field';
import { REASON_MAX, type Currency } from '@/config/constants';
import { useLanguage } from '@/hooks/use-language';
import { isApiError } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { cairoToday } from '@/utils/cairo-day';
import { formatClock, formatMoney } from '@/utils/format';

import { changeOrderAsStaff, useChangeCalendar, useChangeQuote, useChangeTimes, type ChangeInput } from '../api/change-order';
import { useStaffAction, type AdminOrder } from '../api/purchase-orders';

type Fields = 'date' | 'time' | 'reason';

/**
 * "Change date or time" on a paid order (a traveller who phoned): a day the order's rules allow, a
 * time of that day's office hours at which the trip fits, the price outcome read from the server
 * before confirming, and for a dearer start the choice to ask the traveller to pay or to keep the
 * price. The server's refusals go on their fields.
 */
export function ChangeDateTime({ order }: { order: AdminOrder }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  // The calendar, times and quote are asked for only once staff open the form, not for every order
  // looked at.
  if (open) return <ChangeDateTimeForm order={order} close={() => setOpen(false)} />;
  return (
    <div className="button-row">
      <Button size="sm" variant="secondary" className="btn--wrap" onClick={() => setOpen(true)} data-testid={`change-open-${order.id}`}>
        {t('staffChange.open')}
      </Button>
    </div>
  );
}

function ChangeDateTimeForm({ order, close }: { order: AdminOrder; close: () => void }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const [date, setDate] = useState('');
  const [time, setTime] = useState('');
  const [reason, setReason] = useState('');
  const [keepPrice, setKeepPrice] = useState(false);
  const [errors, setErrors] = useState<Partial<Record<Fields, string>>>({});
  const today = cairoToday();
  const calendar = useChangeCalendar(order.id, today);
  const times = useChangeTimes(order.id, date);
  const quote = useChangeQuote(order.id, date, time);
  const change = useStaffAction((input: ChangeInput) => changeOrderAsStaff(order.id, input));
  const money = (m: { amount: number; currency: string }) => formatMoney(m.amount, m.currency as Currency, language);

  const days = calendar.data ?? [];
  const blockedWhy = (day: string) => {
    const found = days.find((d) => d.date === day);
    return found && found.status === 'available' ? undefined : t('staffChange.dayBlocked');
  };
  const last = days.length > 0 ? days[days.length - 1]?.date : undefined;
  const timeOptions = (times.data?.times ?? []).map((x) => ({ value: x.time, label: formatClock(x.time, language) }));
  // A refusal of the quote (a start too soon, outside the hours) says so on its field.
  const quoteError = quote.error && isApiError(quote.error) ? quote.error : undefined;
  const fieldError = (field: Fields) => errors[field] ?? quoteError?.errors[field]?.[0];
  const q = quote.data;
  const dearer = q && q.difference.minor > 0;

  const submit = () => {
    const missing: Partial<Record<Fields, string>> = {};
    if (!date) missing.date = t('validation.required');
    if (!time) missing.time = t('validation.required');
    if (reason.trim() === '') missing.reason = t('staffChange.reasonRequired');
    setErrors(missing);
    if (Object.keys(missing).length > 0 || !q) return;
    change.mutate(
      { date, time, reason, keepPrice: Boolean(dearer && keepPrice) },
      {
        onSuccess: (answer) => {
          toast.success(t(answer.awaiting_payment ? 'staffChange.waiting' : 'staffChange.done'));
          close();
        },
        onError: (error) => {
          if (isApiError(error)) {
            const placed: Partial<Record<Fields, string>> = {};
            for (const field of ['date', 'time', 'reason'] as const) {
              const message = error.errors[field]?.[0];
              if (message) placed[field] = message;
            }
            setErrors(placed);
            if (Object.keys(placed).length === 0) toast.error(error.message);
            return;
          }
          toast.error(t('common.loadFailed'));
        },
      },
    );
  };

  return (
    <section className="form stack order-money__change" aria-label={t('staffChange.title')} data-testid={`change-${order.id}`}>
      <h3 className="small">{t('staffChange.title')}</h3>
      <p className="muted small">{t('staffChange.lead')}</p>
      <DayPicker
        label={t('staffChange.date')}
        value={date}
        placeholder={t('staffChange.pickTime')}
        min={today}
        max={last}
        blockedWhy={calendar.data ? blockedWhy : undefined}
        error={fieldError('date')}
        testId={`change-date-${order.id}`}
        onChange={(day) => {
          setDate(day);
          setTime('');
          setErrors({});
        }}
      />
      {date ? (
        <SelectField
          label={t('staffChange.time')}
          options={timeOptions}
          placeholder={t('staffChange.pickTime')}
          value={time}
          error={fieldError('time') ?? (times.data && timeOptions.length === 0 ? (times.data.message ?? t('staffChange.noTimes')) : undefined)}
          onChange={(e) => {
            setTime(e.target.value);
            setErrors({});
          }}
          data-testid={`change-time-${order.id}`}
        />
      ) : null}
      {date && time ? (
        <div className="stack" aria-live="polite" data-testid={`change-price-${order.id}`}>
          {quote.isFetching && !q ? <p className="muted small">{t('staffChange.pricing')}</p> : null}
          {quoteError && !quoteError.errors.date && !quoteError.errors.time ? <p className="field__error">{quoteError.message}</p> : null}
          {q ? (
            <>
              <p className="small">
                {q.difference.minor === 0
                  ? t('staffChange.same')
                  : q.difference.minor < 0
                    ? t('staffChange.cheaper', { amount: money(q.refundable) })
                    : t('staffChange.dearer', { amount: money(q.difference) })}{' '}
                {t('staffChange.newTotal', { total: money(dearer && keepPrice ? order.total : q.total) })}
              </p>
              {q.past_traveller_cutoff ? <p className="muted small">{t('staffChange.pastCutoff')}</p> : null}
              {dearer ? (
                <fieldset className="order-money__choice">
                  {([false, true] as const).map((keep) => (
                    <label key={String(keep)} className="check">
                      <input type="radio" name={`change-keep-${order.id}`} checked={keepPrice === keep} onChange={() => setKeepPrice(keep)} />
                      <span>{t(keep ? 'staffChange.keepPrice' : 'staffChange.askToPay', { amount: money(keep ? q.waivable : q.difference) })}</span>
                    </label>
                  ))}
                </fieldset>
              ) : null}
            </>
          ) : null}
        </div>
      ) : null}
      <InputField
        label={t('staffChange.reason')}
        value={reason}
        maxLength={REASON_MAX}
        required
        error={fieldError('reason')}
        onChange={(e) => setReason(e.target.value)}
      />
      <div className="button-row">
        <Button size="sm" className="btn--wrap" disabled={!q} loading={change.isPending} onClick={submit} data-testid={`change-confirm-${order.id}`}>
          {t('staffChange.confirm')}
        </Button>
        <Button size="sm" variant="ghost" className="btn--wrap" onClick={close}>
          {t('staffChange.cancel')}
        </Button>
      </div>
    </section>
  );
}
