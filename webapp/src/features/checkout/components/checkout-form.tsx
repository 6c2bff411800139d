import { useQueryClient } from '@tanstack/react-query';
import { memo, useCallback, useEffect, useMemo, useRef, useState, useSyncExternalStore } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { z } from 'zod';

import { Button } from '@/components/ui/button';
import { CheckboxField, InputField, SelectField, TextAreaField, useFieldMessage } from '@/components/ui/field';
import { PhoneField } from '@/components/ui/phone-field';
import { paths } from '@/config/paths';
import { useCountryFollowsPhoneKey } from '@/hooks/use-country-follows-phone-key';
import { useLanguage } from '@/hooks/use-language';
import { isApiError } from '@/lib/api-client';
import { readCheckoutDraft, saveCheckoutDraft } from '@/lib/checkout-draft';
import { formResolver } from '@/lib/form-resolver';
import { groupTooLargeFor } from '@/lib/group-size';
import { PaymentPageTimeout } from '@/lib/payment-page';
import { countryOptions, phoneParts, toE164 } from '@/lib/phone';
import { toast } from '@/lib/toast';
import { useCurrencyStore } from '@/stores/currency-store';
import { cairoToday } from '@/utils/cairo-day';
import { formatClock, formatDate, formatNumber } from '@/utils/format';

import { useOrderSettings, type OrderSettings } from '../api/get-order-settings';
import { usePickupTimes } from '../api/get-pickup-times';
import { useSubmitOrder, type OrderInput } from '../api/submit-order';
import { cairoInstant, cancellationFor, changeFor } from '../utils/cancellation';
import { BookingCalendar } from './booking-calendar';
import { noTimeFitsOn, PickupTimeSelect, timeOptions } from './pickup-time-select';
import { PromoCode } from './promo-code';
import { WaitingOrderNotice } from './waiting-order';

// The server's limits (domain/order): names of 100 characters, comments of 2000, groups of 50.
const CONTACT_NAME_MAX = 100;
const TRAVELLERS_MAX = 50;

const schema = z
  .object({
    rate_id: z.string().min(1, 'validation.rateRequired'),
    date: z.string().min(1, 'validation.required'),
    time: z.string().min(1, 'validation.pickupTime'),
    first_name: z.string().trim().min(1, 'validation.required').max(CONTACT_NAME_MAX),
    last_name: z.string().trim().min(1, 'validation.required').max(CONTACT_NAME_MAX),
    email: z.string().trim().pipe(z.email('validation.email')),
    confirm_email: z.string().trim().min(1, 'validation.required'),
    phone_region: z.string(),
    phone_number: z.string().trim().min(1, 'validation.required'),
    country: z.string().min(1, 'validation.required'),
    comments: z.string().max(2000),
    // The group size, for the driver; optional ('' when not chosen).
    travellers: z.string(),
    terms: z.boolean().refine((value) => value, 'validation.terms'),
  })
  .refine((values) => values.email.toLowerCase() === values.confirm_email.toLowerCase(), { path: ['confirm_email'], message: 'validation.emailsMatch' })
  .refine((values) => toE164(values.phone_number, values.phone_region) !== null, { path: ['phone_number'], message: 'validation.phone' });
type Values = z.infer<typeof schema>;
type Field = keyof Values;

// Server field names → form field names.
const SERVER_FIELDS: Record<string, Field> = {
  rate_plan_id: 'rate_id',
  email_confirmation: 'confirm_email',
  phone: 'phone_number',
  first_name: 'first_name',
  last_name: 'last_name',
  email: 'email',
  country: 'country',
  comments: 'comments',
  travellers: 'travellers',
  date: 'date',
  time: 'time',
  terms: 'terms',
};

export interface CheckoutDefaults {
  first_name?: string;
  last_name?: string;
  email?: string;
  phone_number?: string | null;
}

/** A rate plan to choose from, with the seats of its car when the server said them. */
export interface CheckoutRate {
  value: string;
  label: string;
  seats?: number | null | undefined;
}

interface CheckoutFormProps {
  rates: ReadonlyArray<CheckoutRate>;
  /** Whether the traveller chose the trip's start (written to the cart, which the order is placed from). */
  pointsChosen: boolean;
  onNeedPickup: () => void;
  /** The chosen start on Cairo's clock ("YYYY-MM-DDTHH:MM"), or null until both date and time are chosen. */
  onDepartureChange?: (departure: string | null) => void;
  defaults?: CheckoutDefaults | null;
  /**
   * Why the trip cannot be booked at the chosen start (the server's one-day rule, from the cart timed
   * for it), or null: Pay stays disabled with the reason beside it.
   */
  blocked?: string | null;
}

/** The form's values, with what the traveller filled in before going to pay (lib/checkout-draft) over the defaults. */
export function restoredValues<V extends Record<string, unknown>>(defaults: V, draft: Record<string, string | boolean> | null): V {
  if (!draft) return defaults;
  const out: Record<string, unknown> = { ...defaults };
  for (const [field, value] of Object.entries(draft)) {
    if (field in defaults && typeof value === typeof defaults[field]) out[field] = value;
  }
  return out as V;
}

/**
 * The values a checkout starts from: the traveller's account, with the draft of what they entered
 * before (a reload, Back from another page or from paying) over it. A day already past in Cairo is not
 * restored (nor its time): the traveller chooses again.
 */
export function startingValues<V extends { date: string; time: string; phone_region: string; phone_number: string }>(
  defaults: V,
  draft: Record<string, string | boolean> | null,
  today: string = cairoToday(),
): V {
  const values = restoredValues(defaults, draft);
  const past = values.date !== '' && values.date < today;
  return {
    ...values,
    ...phoneParts(values.phone_number, values.phone_region),
    ...(past ? { date: '', time: '' } : {}),
  };
}

/** The trip's start as the cart's ?departure= takes it, once both parts are chosen. */
export function departureOf(date: string, time: string): string | null {
  return /^\d{4}-\d{2}-\d{2}$/.test(date) && /^\d{2}:\d{2}$/.test(time) ? `${date}T${time}` : null;
}

/** Drawn again only when its props change, not as each of the checkout page's other answers lands. */
export const CheckoutForm = memo(function CheckoutForm({ rates, pointsChosen, onNeedPickup, onDepartureChange, defaults, blocked }: CheckoutFormProps) {
  const { t } = useTranslation();
  const language = useLanguage();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const currency = useCurrencyStore((state) => state.currency);
  const settings = useOrderSettings();
  const submit = useSubmitOrder();
  // A reload, Back from another page or from paying, or "Try again" after a failed payment finds the
  // form as it was left: the draft is kept (for this tab) as the traveller fills the form in.
  const [draft] = useState(() => readCheckoutDraft());
  const [initial] = useState(() =>
    startingValues<Values>({
      rate_id: '', date: '', time: '', first_name: defaults?.first_name ?? '', last_name: defaults?.last_name ?? '',
      email: defaults?.email ?? '', confirm_email: defaults?.email ?? '', ...phoneParts(defaults?.phone_number),
      country: phoneParts(defaults?.phone_number).phone_region, comments: '', travellers: '', terms: false,
    }, draft),
  );
  // A restored rate plan and pickup time are chosen once their options have loaded and offer them (not
  // before: a value the select does not offer would be sent unseen).
  const form = useForm<Values>({ resolver: formResolver(schema), defaultValues: { ...initial, rate_id: '', time: '' } });
  const pendingRate = useRef(initial.rate_id);
  const pendingTime = useRef(initial.time);
  // The restored day is checked again with the server: one no longer open for booking is not kept.
  const restoredDate = useRef(initial.date);
  const promoRef = useRef<string | null>(typeof draft?.promo_code === 'string' ? draft.promo_code : null);
  const saveDraft = useCallback(
    (values: Partial<Values>) => {
      const code = promoRef.current;
      saveCheckoutDraft({
        ...(Object.fromEntries(Object.entries(values).filter(([, v]) => typeof v === 'string' || typeof v === 'boolean')) as Record<string, string | boolean>),
        rate_id: values.rate_id || pendingRate.current,
        time: values.time || pendingTime.current,
        ...(code ? { promo_code: code } : {}),
      });
    },
    [],
  );
  useEffect(() => form.subscribe({ formState: { values: true }, callback: ({ values }) => saveDraft(values) }), [form, saveDraft]);
  useCountryFollowsPhoneKey(form);
  useEffect(() => {
    if (pendingRate.current && rates.some((rate) => rate.value === pendingRate.current)) {
      form.setValue('rate_id', pendingRate.current);
      pendingRate.current = '';
    }
  }, [rates, form]);
  const { errors } = form.formState;
  const fieldMessage = useFieldMessage();
  const rateId = useWatch({ control: form.control, name: 'rate_id' });
  const rateChosen = Boolean(rateId);
  // The group against the chosen car's seats, said as soon as both are chosen (the server refuses it
  // too, in words without the numbers).
  const travellers = useWatch({ control: form.control, name: 'travellers' });
  const groupTooLarge = groupTooLargeFor(travellers, rates.find((rate) => rate.value === rateId)?.seats);
  // The server's word on the group was about the car chosen then: another car is judged afresh.
  useEffect(() => {
    if (form.getFieldState('travellers').error) form.clearErrors('travellers');
  }, [rateId, form]);
  // The promo code the server accepted for this trip (sent with the order), and its refusal at placing.
  const [promoCode, setPromoCode] = useState<string | null>(null);
  const initialPromo = typeof draft?.promo_code === 'string' ? draft.promo_code : undefined;
  const onPromoChange = useCallback(
    (code: string | null) => {
      setPromoCode(code);
      promoRef.current = code;
      saveDraft(form.getValues());
    },
    [form, saveDraft],
  );
  const [promoError, setPromoError] = useState<string | null>(null);
  const date = useWatch({ control: form.control, name: 'date' });
  const time = useWatch({ control: form.control, name: 'time' });
  const departure = departureOf(date, time);
  useEffect(() => onDepartureChange?.(departure), [departure, onDepartureChange]);
  const pickup = usePickupTimes(date);
  useEffect(() => {
    const day = pickup.data;
    if (!restoredDate.current || !day || day.date !== restoredDate.current) return;
    restoredDate.current = '';
    if (day.status === 'available') return;
    form.setValue('date', '');
    form.setValue('time', '');
    pendingTime.current = '';
    form.setError('date', { message: 'checkout.dateNoLongerAvailable' });
  }, [pickup.data, form]);
  const times = useMemo(() => timeOptions(pickup.data, (hhmm) => formatClock(hhmm, language)), [pickup.data, language]);
  useEffect(() => {
    if (pendingTime.current && times.some((option) => option.value === pendingTime.current)) {
      form.setValue('time', pendingTime.current);
      pendingTime.current = '';
    }
  }, [times, form]);
  const noTimeFits = noTimeFitsOn(date, pickup.data);
  // Nothing can be paid for a trip that fits no time of the day, nor one the cart timed for the chosen start refuses.
  const payBlock = blocked ?? (noTimeFits ? (pickup.data?.message ?? t('checkout.noTimeFits')) : null);
  const countries = useMemo(() => countryOptions(language), [language]);
  const groupSizes = useMemo(
    () => Array.from({ length: TRAVELLERS_MAX }, (_, i) => ({ value: String(i + 1), label: formatNumber(i + 1, language) })),
    [language],
  );

  const submitValues = async (values: Values) => {
    if (payBlock) return;
    if (groupTooLarge) {
      form.setFocus('travellers');
      return;
    }
    if (!pointsChosen) {
      toast.error(t('checkout.pickupFirst'));
      onNeedPickup();
      return;
    }
    const input: OrderInput = {
      rate_plan_id: values.rate_id,
      date: values.date,
      time: values.time,
      first_name: values.first_name,
      last_name: values.last_name,
      email: values.email,
      confirm_email: values.confirm_email,
      phone: toE164(values.phone_number, values.phone_region) ?? values.phone_number,
      country_key: '',
      country: values.country,
      comments: values.comments,
      ...(values.travellers ? { travellers: Number(values.travellers) } : {}),
      terms: values.terms,
      currency,
      ...(promoCode ? { promo_code: promoCode } : {}),
    };
    // The accepted code goes with the draft: "Try again" after a failed payment applies it again.
    saveDraft(values);
    setPromoError(null);
    try {
      // A second click or a retry of the same order is the same action (one Idempotency-Key).
      const { paymentUrl } = await submit.mutateAsync(input);
      if (!paymentUrl) {
        toast.error(t('checkout.noPaymentUrl'));
        return;
      }
      toast.success(t('checkout.submitted'));
      window.location.assign(paymentUrl);
    } catch (error) {
      if (error instanceof PaymentPageTimeout) {
        // The order is placed; its page has "Pay now" once the provider has opened the payment page.
        toast.error(t('orders.payPageSlow'));
        if (error.orderId) void navigate(paths.order(error.orderId));
        return;
      }
      if (!isApiError(error)) {
        toast.error(t('checkout.failed'));
        return;
      }
      let placed = false;
      for (const [field, list] of Object.entries(error.errors)) {
        const name = SERVER_FIELDS[field];
        if (name && list[0]) {
          form.setError(name, { message: list[0] });
          placed = true;
        } else if (field === 'promo_code' && list[0]) {
          setPromoError(list[0]);
          placed = true;
        } else if (field === 'pickup' || field === 'end') {
          onNeedPickup();
        }
      }
      if (error.status === 409) {
        void queryClient.invalidateQueries({ queryKey: ['orders', 'calendar'] });
        void queryClient.invalidateQueries({ queryKey: ['cart', 'pickup-times', 'calendar'] });
      }
      // A code used up while the form was filled in is refused at placing: say so on its field.
      if (error.status === 409 && promoCode) {
        setPromoError(error.message);
        void queryClient.invalidateQueries({ queryKey: ['cart', 'promo'] });
      }
      toast.error(placed || error.status === 409 || error.status === 422 ? error.message : t('checkout.failed'));
    }
  };

  const rules = settings.data;
  return (
    <form className="form form--grid checkout-form" onSubmit={(event) => void form.handleSubmit(submitValues)(event)} noValidate data-testid="checkout-form">
      <WaitingOrderNotice date={date} time={time} />
      <SelectField className="form__full" label={t('fields.rate')} options={rates} placeholder={rates.length ? t('enquiry.chooseRate') : t('enquiry.noRates')} error={errors.rate_id?.message} {...form.register('rate_id')} />
      <div className="form__full field">
        <span className="field__label">{t('fields.date')}</span>
        <BookingCalendar
          value={date}
          forCart
          disabled={!rateChosen}
          monthsAhead={rules ? Math.ceil(rules.window_days / 30) : 6}
          onChange={(day) => {
            restoredDate.current = '';
            pendingTime.current = '';
            form.setValue('date', day.date, { shouldValidate: true });
            form.setValue('time', '');
          }}
        />
        {errors.date?.message ? <p className="field__error" role="alert">{fieldMessage(errors.date.message, t('fields.date'))}</p> : null}
      </div>
      <PickupTimeSelect
        date={date}
        pickup={pickup.data}
        loading={pickup.isFetching}
        failed={pickup.isError}
        onRetry={() => void pickup.refetch()}
        error={errors.time?.message}
        {...form.register('time')}
      />
      <InputField label={t('fields.firstName')} autoComplete="given-name" error={errors.first_name?.message} {...form.register('first_name')} />
      <InputField label={t('fields.lastName')} autoComplete="family-name" error={errors.last_name?.message} {...form.register('last_name')} />
      <InputField label={t('fields.email')} type="email" autoComplete="email" error={errors.email?.message} {...form.register('email')} />
      <InputField label={t('fields.confirmEmail')} type="email" autoComplete="off" error={errors.confirm_email?.message} {...form.register('confirm_email')} />
      <PhoneField label={t('fields.phoneWithKey')} countryLabel={t('fields.countryKey')} error={errors.phone_number?.message} country={form.register('phone_region')} number={form.register('phone_number')} />
      <SelectField label={t('fields.country')} options={countries} error={errors.country?.message} {...form.register('country')} />
      <SelectField
        label={t('fields.travellers')}
        options={groupSizes}
        placeholder={t('checkout.chooseTravellers')}
        error={errors.travellers?.message ?? groupTooLarge ?? undefined}
        data-testid="travellers"
        {...form.register('travellers')}
      />
      <TextAreaField className="form__full" label={t('fields.comments')} rows={3} error={errors.comments?.message} {...form.register('comments')} />
      <PromoCode
        ratePlanId={rateId}
        date={date}
        time={time}
        onChange={onPromoChange}
        serverError={promoError}
        initialCode={initialPromo}
      />
      {rules ? (
        <p className="form__full muted checkout-rules" data-testid="checkout-rules">
          <CancellationTerms rules={rules} date={date} time={time} />
        </p>
      ) : null}
      <div className="form__full">
        <CheckboxField label={t('enquiry.agree')} error={errors.terms?.message} {...form.register('terms')} />
      </div>
      <div className="form__full stack stack--tight">
        {payBlock ? (
          <p className="field__error" role="alert" id="pay-blocked" data-testid="pay-blocked">
            {t('checkout.payBlocked', { reason: payBlock })}
          </p>
        ) : null}
        <Button type="submit" size="lg" loading={submit.isPending} disabled={Boolean(payBlock)} aria-describedby={payBlock ? 'pay-blocked' : undefined} data-testid="pay">
          {t('checkout.submit')}
        </Button>
      </div>
    </form>
  );
});

/** The terms are judged again as time passes (the free cancellation may end while the form is open). */
const TERMS_TICK_MS = 30_000;

function subscribeToClock(changed: () => void): () => void {
  const timer = window.setInterval(changed, TERMS_TICK_MS);
  return () => window.clearInterval(timer);
}

/** Now, to the last TERMS_TICK_MS (the same value between ticks, as useSyncExternalStore needs). */
function clockNow(): number {
  return Math.floor(Date.now() / TERMS_TICK_MS) * TERMS_TICK_MS;
}

/**
 * The booking terms: the payment hold, and the cancellation policy as it applies to the chosen start
 * (free until a Cairo time, or already past with only the late share refunded); the general policy
 * until a date and time are chosen. The rule is the server's (utils/cancellation), its numbers the
 * order settings'.
 */
export function CancellationTerms({ rules, date, time, now }: { rules: OrderSettings; date: string; time: string; now?: Date }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const tick = useSyncExternalStore(subscribeToClock, clockNow);
  const start = cairoInstant(date, time);
  const hold = formatNumber(rules.hold_minutes, language);
  const free = formatNumber(rules.free_cancellation_hours, language);
  const late = formatNumber(rules.late_refund_percent, language);
  const at = now ?? new Date(tick);
  const terms = start ? cancellationFor(rules, start, at) : null;
  const cairo = (instant: Date) => t('common.cairoTime', { time: formatDate(instant, language, { dateStyle: 'full', timeStyle: 'short' }) });
  // Whether the booked trip can be changed, by the order's own cut-off (the server's number).
  const change = start && terms && terms.kind !== 'started' ? changeFor(rules, start, at) : null;
  const changeText = change
    ? change.changeable
      ? t('checkout.rulesChangeUntil', { until: cairo(change.until) })
      : t('checkout.rulesNoChange', { hours: formatNumber(rules.change_cutoff_hours ?? 0, language) })
    : null;
  const withChange = (text: string) => (changeText ? `${text} ${changeText}` : text);
  if (terms?.kind === 'free') {
    return (
      <span data-terms="free" data-change={change ? String(change.changeable) : undefined}>
        {withChange(t('checkout.rulesFreeUntil', { hold, until: cairo(terms.freeUntil), late }))}
      </span>
    );
  }
  if (terms?.kind === 'late') {
    return (
      <span data-terms="late" data-change={change ? String(change.changeable) : undefined}>
        {withChange(t('checkout.rulesLate', { hold, free, late }))}
      </span>
    );
  }
  return <span data-terms="general">{t('checkout.rules', { hold, free, late })}</span>;
}
