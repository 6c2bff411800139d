import { useEffect, useMemo, useRef, useState, type ReactNode, type SelectHTMLAttributes } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { z } from 'zod';

import { Button } from '@/components/ui/button';
import { cairoToday, DayPicker } from '@/components/ui/day-picker';
import { cairoClock, daysInMonth } from '@/utils/cairo-day';
import { CheckboxField, InputField, SelectField, TextAreaField } from '@/components/ui/field';
import { PhoneField } from '@/components/ui/phone-field';
import { EmptyState } from '@/components/ui/states';
import { TimeSelect } from '@/components/ui/time-select';
import { PROGRAM_RESPONSE_HOURS } from '@/config/constants';
import { paths } from '@/config/paths';
import { useCountryFollowsPhoneKey } from '@/hooks/use-country-follows-phone-key';
import { isApiError } from '@/lib/api-client';
import { westernDigits } from '@/lib/digits';
import { useLanguage } from '@/hooks/use-language';
import { useOfficeHours } from '@/hooks/use-office-hours';
import { formResolver } from '@/lib/form-resolver';
import { groupTooLargeFor } from '@/lib/group-size';
import { countryOptions, DEFAULT_PHONE_REGION, phoneParts, toE164 } from '@/lib/phone';
import { toast } from '@/lib/toast';
import { formatClock, formatNumber } from '@/utils/format';
import { hoursOfDay } from '@/utils/opening-hours';

import { useEnquiryCalendar, type EnquiryDay } from '../api/get-enquiry-calendar';
import { useEnquiryTimes, type EnquiryAbout, type PickupTimes } from '../api/get-enquiry-times';
import { useRates } from '../api/get-rates';
import { useSubmitEnquiry } from '../api/submit-enquiry';
import { clearEnquiryDraft, readEnquiryDraft, saveEnquiryDraft } from '../utils/enquiry-draft';

// The server's limits (domain/order): names of 100 characters, comments of 2000.
const CONTACT_NAME_MAX = 100;

const schema = z
  .object({
    rate_id: z.string().min(1, 'validation.rateRequired'),
    first_name: z.string().trim().min(1, 'validation.required').max(CONTACT_NAME_MAX),
    last_name: z.string().trim().min(1, 'validation.required').max(CONTACT_NAME_MAX),
    email: z.string().trim().pipe(z.email('validation.email')),
    confirm_email: z.string().trim(),
    // As checkout: a country key picker and the number; sent in E.164.
    phone_region: z.string(),
    phone_number: z.string().trim().min(1, 'validation.required'),
    // A region code (EG), chosen from the list, as checkout sends it.
    country: z.string().trim().min(1, 'validation.required'),
    comments: z.string().max(2000),
    // Left empty, the operator proposes a date and time with the quote.
    date: z.string().trim(),
    time: z.string().trim(),
    // Read in Western digits («٦» is 6); anything else is no group size, said in words.
    travellers: z.string().transform(westernDigits).pipe(z.string().regex(/^([1-9]|[1-4][0-9]|50)?$/, 'validation.travellers')),
    terms: z.boolean().refine((value) => value, 'validation.terms'),
  })
  .refine((values) => values.email.toLowerCase() === values.confirm_email.toLowerCase(), { path: ['confirm_email'], message: 'validation.emailsMatch' })
  // A day without a time is no start the server can quote (it asks for both or neither).
  .refine((values) => !values.date || values.time !== '', { path: ['time'], message: 'enquiry.timeForDate' })
  .refine((values) => toE164(values.phone_number, values.phone_region) !== null, { path: ['phone_number'], message: 'validation.phone' });
type Values = z.infer<typeof schema>;

const EMPTY: Values = {
  rate_id: '', first_name: '', last_name: '', email: '', confirm_email: '', phone_region: DEFAULT_PHONE_REGION, phone_number: '',
  country: DEFAULT_PHONE_REGION, comments: '', date: '', time: '', travellers: '', terms: false,
};

/** The fields typed before going to choose a pickup point, over the empty form. */
function restored(): Values {
  const draft = readEnquiryDraft() ?? {};
  const values: Values = { ...EMPTY };
  for (const field of Object.keys(EMPTY) as Array<keyof Values>) {
    const value = draft[field];
    if (field === 'terms') values.terms = value === true;
    else if (typeof value === 'string') values[field] = value;
  }
  return values;
}

/** The destinations ticked before going to choose a pickup point, in their order. */
function restoredStops(): string[] {
  const saved = readEnquiryDraft()?.stops;
  return typeof saved === 'string' && saved ? saved.split(',') : [];
}

/** The signed-in traveller's details, as checkout pre-fills them (the number in its own country's picker). */
export function contactValues(contact: EnquiryContact): Partial<Values> {
  const phone = contact.phone_number?.trim() ?? '';
  const email = contact.email?.trim() ?? '';
  return {
    first_name: contact.first_name?.trim() ?? '',
    last_name: contact.last_name?.trim() ?? '',
    email,
    confirm_email: email,
    ...(phone ? phoneParts(phone) : {}),
  };
}

export interface EnquiryPickup {
  start: string;
  end?: string | null;
  /** What the traveller chose, as they read it. */
  label?: string;
}

/** A destination a visitor may list for an itinerary of their own. */
export interface EnquiryDestination {
  id: string;
  name: string;
}

interface EnquiryFormProps {
  programId?: string;
  /** The program's name, shown as what the enquiry is about. */
  programName?: string;
  /**
   * Without a program, a visitor without an account lists the destinations of their itinerary from
   * these (a signed-in traveller's enquiry carries their trip); undefined for a signed-in traveller.
   */
  destinations?: EnquiryDestination[];
  /** The pickup chosen on the pickup selection page, come back with the traveller. */
  pickup?: EnquiryPickup | null;
  /** Opens the pickup selection page (the form's values are kept meanwhile); the points page by default. */
  onNeedPickup?: () => void;
  /** The signed-in traveller's details, which fill the fields still empty (null: a visitor). */
  contact?: EnquiryContact | null;
  /** The signed-in traveller's trip (their cart), which an enquiry without a program is about. */
  trip?: EnquiryTrip;
}

/** A signed-in traveller's contact details, as their account has them. */
export interface EnquiryContact {
  first_name?: string | null;
  last_name?: string | null;
  email?: string | null;
  phone_number?: string | null;
}

/** A stop of the trip the enquiry is about, in visiting order; name is null when the server did not say. */
export interface EnquiryTripStop {
  id: string;
  name: string | null;
}

/** The trip the enquiry is about, as the app's cart has it. */
export interface EnquiryTrip {
  stops: EnquiryTripStop[] | undefined;
  loading: boolean;
  failed: boolean;
  /** Reads the trip again (after the server said it changed). */
  reload: () => void;
}

// Server field → form field.
const SERVER_FIELDS: Partial<Record<string, keyof Values>> = {
  rate_plan_id: 'rate_id',
  first_name: 'first_name',
  last_name: 'last_name',
  email: 'email',
  email_confirmation: 'confirm_email',
  phone: 'phone_number',
  country: 'country',
  comments: 'comments',
  travellers: 'travellers',
  date: 'date',
  time: 'time',
  terms: 'terms',
};

const MAX_STOPS = 16;
// An itinerary of one's own has at least two stops (a single sight is a program or a destination's page).
const MIN_STOPS = 2;

/** The server's words about the trip's stops (a visitor's list, or the signed-in traveller's cart). */
/**
 * Why a day of the enquiry's calendar may not be chosen, in the words of the checkout's calendar
 * ("No pickup time fits your trip", "Fully booked", ...); undefined when it may (or is not known).
 */
function blockedDayLabel(day: EnquiryDay | undefined, t: TFunction): string | undefined {
  if (!day || day.status === 'available') return undefined;
  if (day.status === 'out_of_range') return t('checkout.calendar.outOfRange');
  if (day.reason === 'no_start_fits') return t('checkout.calendar.noStartFits');
  return t(day.reason === 'closed' ? 'checkout.calendar.closed' : 'checkout.calendar.full');
}

function isStopsField(field: string): boolean {
  return field === 'destinations' || field === 'destination_ids' || field.startsWith('destination_ids.');
}

export function EnquiryForm({ programId, programName, destinations, pickup, onNeedPickup, contact, trip }: EnquiryFormProps) {
  const { t } = useTranslation();
  const language = useLanguage();
  const rates = useRates();
  const submit = useSubmitEnquiry();
  const [tripNumber, setTripNumber] = useState<string | null | undefined>(undefined);
  // The visitor's itinerary, in the order the destinations were ticked; back from choosing a pickup
  // point, as it was left.
  const [stops, setStops] = useState<string[]>(() => (pickup ? restoredStops() : []));
  const [stopsError, setStopsError] = useState<string | undefined>(undefined);
  const listing = !programId && destinations !== undefined;
  // Neither a program nor a visitor's list: the enquiry is about the signed-in traveller's trip (their cart).
  const aboutTrip = !programId && !listing;
  const tripStops = aboutTrip ? trip?.stops : undefined;
  // A visitor's enquiry about a program or their own list starts from a pickup point they choose on
  // another page; with a date the server needs it to tell which times fit. Said before Send, not after.
  const asksPickup = !contact && !aboutTrip && onNeedPickup !== undefined;
  const [pickupMissing, setPickupMissing] = useState(false);
  const navigate = useNavigate();
  const form = useForm<Values>({
    resolver: formResolver(schema),
    // Back from choosing a pickup point: what was typed before.
    defaultValues: pickup ? restored() : EMPTY,
  });
  useCountryFollowsPhoneKey(form);
  const { errors } = form.formState;
  const date = useWatch({ control: form.control, name: 'date' });
  const time = useWatch({ control: form.control, name: 'time' });
  // The group against the chosen car's seats, said as soon as both are chosen (the server refuses it
  // too, in words without the numbers).
  const rateId = useWatch({ control: form.control, name: 'rate_id' });
  const travellersTyped = useWatch({ control: form.control, name: 'travellers' });
  const groupTooLarge = groupTooLargeFor(westernDigits(travellersTyped), rates.data?.find((rate) => rate.id === rateId)?.seats);
  // The server's word on the group was about the car chosen then: another car is judged afresh.
  useEffect(() => {
    if (form.getFieldState('travellers').error?.type === 'server') form.clearErrors('travellers');
  }, [rateId, form]);
  // The pickup times of the chosen day at which what the enquiry is about fits one day, as the server
  // judges the enquiry (its program, the visitor's stops or the traveller's cart, from the pickup chosen).
  const about = useMemo<EnquiryAbout>(
    () => ({ program: programId, destinationIds: listing ? stops : undefined, start: pickup?.start, end: pickup?.end }),
    [programId, listing, stops, pickup?.start, pickup?.end],
  );
  const askable = Boolean(programId) || (listing ? stops.length >= MIN_STOPS : (tripStops?.length ?? 0) >= MIN_STOPS);
  const offered = useEnquiryTimes(date, about, Boolean(date) && askable);
  const dayTimes = date && askable && !offered.isError && offered.data?.date === date ? offered.data : undefined;
  const timesLoading = Boolean(date) && askable && offered.isFetching && !dayTimes;
  // Without the server's times of the day, the office's hours of that day bound the list (the rule
  // the server judges a start by), never the whole clock.
  const office = useOfficeHours();
  const officeDay = office && date ? hoursOfDay(office, date) : undefined;
  // The month the date picker shows, once opened: its days for what the enquiry is about, a day
  // offered only when one of its pickup times fits (the checkout's calendar rule, the server's).
  const [shownMonth, setShownMonth] = useState('');
  const monthDays = useEnquiryCalendar(shownMonth, shownMonth ? daysInMonth(shownMonth) : 0, about, Boolean(shownMonth) && askable);
  const calendarDays = askable && !monthDays.isError ? monthDays.data : undefined;
  const blockedWhy = (day: string) => blockedDayLabel(calendarDays?.find((d) => d.date === day), t);
  // A time chosen before is kept only while the day still offers it.
  useEffect(() => {
    if (dayTimes && time && !dayTimes.times.some((offer) => offer.time === time)) form.setValue('time', '');
  }, [dayTimes, time, form]);
  const countries = useMemo(() => countryOptions(language), [language]);

  // A signed-in traveller's details fill the fields still empty (never over what was typed or restored).
  useEffect(() => {
    if (!contact) return;
    const filled = contactValues(contact);
    const phoneTyped = Boolean(form.getValues('phone_number')) || form.getFieldState('phone_region').isDirty;
    for (const [field, value] of Object.entries(filled) as Array<[keyof Values, string]>) {
      if (!value) continue;
      if (field === 'phone_region' ? phoneTyped : form.getValues(field) !== '' || form.getFieldState(field).isDirty) continue;
      form.setValue(field, value);
    }
  }, [contact, form]);

  // What is wrong with the signed-in traveller's trip, with the stops it was said about: once the trip has
  // changed (the cart is refreshed live) a problem said about another trip is not shown any more.
  const [tripError, setTripError] = useState<{ message: string; stops: string } | undefined>(undefined);
  const stopsKey = (tripStops ?? []).map((stop) => stop.id).join(',');
  const tripShort = aboutTrip && tripStops !== undefined && tripStops.length < MIN_STOPS;
  const shownTripError = tripError && (tripShort || tripError.stops === stopsKey) ? tripError.message : undefined;

  // The itinerary is checked with the rest of the form, so every problem shows at once; the signed-in
  // traveller's trip before anything is sent too (the server refuses a trip of fewer than two stops).
  const stopsMissing = () => {
    const missing = listing && stops.length < MIN_STOPS;
    setStopsError(missing ? t('enquiry.stopsMin') : undefined);
    setTripError(tripShort ? { message: t('enquiry.tripNeedsTwo'), stops: stopsKey } : undefined);
    return missing || tripShort;
  };

  const goChoosePickup = () => {
    saveEnquiryDraft({ ...form.getValues(), stops: stops.join(',') });
    onNeedPickup?.();
  };

  // A date needs a pickup point (checked with the rest of the form, so every problem shows at once).
  const pickupLacking = () => {
    const lacking = asksPickup && !pickup && Boolean(form.getValues('date'));
    setPickupMissing(lacking);
    return lacking;
  };

  const onSubmit = form.handleSubmit(async (values) => {
    const lacking = pickupLacking();
    if (stopsMissing()) return;
    if (lacking) {
      document.getElementById('enquiry-choose-pickup')?.focus();
      return;
    }
    if (groupTooLarge) {
      form.setFocus('travellers');
      return;
    }
    try {
      const points = pickup
        ? { start: { pickup_point_id: pickup.start }, ...(pickup.end && pickup.end !== pickup.start ? { end: { pickup_point_id: pickup.end } } : {}) }
        : {};
      const { travellers, phone_region, phone_number, ...rest } = values;
      const result = await submit.mutateAsync({
        ...rest,
        // As checkout sends it: the number in E.164, the country as its region code.
        phone: toE164(phone_number, phone_region) ?? phone_number,
        country_key: '',
        // A time alone is no start: without a date the operator proposes both.
        time: rest.date ? rest.time : '',
        ...(travellers ? { travellers: Number(travellers) } : {}),
        program_id: programId,
        ...(listing ? { destination_ids: stops } : {}),
        ...points,
      });
      clearEnquiryDraft();
      toast.success(t('enquiry.submitted'));
      setTripNumber(result.tripNumber);
    } catch (error) {
      // The server says which rule broke (a pickup point chosen first, e-mails that match, a text too
      // long, …): a field's words go next to it, in the language of the page.
      if (isApiError(error) && error.status === 422) {
        // Every error the server names is shown: beside its field, on the trip's stops, or (a field this
        // form does not have: the pickup, the currency, …) in a toast. Never a silent failure.
        const unplaced: string[] = [];
        let focused = false;
        for (const [field, messages] of Object.entries(error.errors)) {
          const message = messages[0];
          if (!message) continue;
          const target = SERVER_FIELDS[field];
          if (target) {
            form.setError(target, { type: 'server', message }, { shouldFocus: !focused });
            focused = true;
          } else if (isStopsField(field) && listing) {
            setStopsError(message);
          } else if (isStopsField(field) && aboutTrip) {
            setTripError({ message, stops: stopsKey });
            // The cart may have changed meanwhile (an order paid empties it): show it as it is now.
            trip?.reload();
          } else if (!unplaced.includes(message)) {
            unplaced.push(message);
          }
        }
        if (unplaced.length) toast.error(unplaced.join(' '));
        else if (Object.keys(error.errors).length === 0) toast.error(error.message || t('enquiry.failed'));
        if (error.errors.pickup) {
          saveEnquiryDraft({ ...values, stops: stops.join(',') });
          if (onNeedPickup) onNeedPickup();
          else void navigate(paths.points);
        }
        return;
      }
      if (isApiError(error) && error.status === 429) {
        toast.error(error.message || t('enquiry.failed'));
        return;
      }
      toast.error(t('enquiry.failed'));
    }
  }, () => {
    pickupLacking();
    stopsMissing();
  });

  const tripBlock = aboutTrip ? (
    <TripOfEnquiry stops={tripStops} loading={trip?.loading ?? false} failed={trip?.failed ?? false} error={shownTripError} />
  ) : null;

  if (tripNumber !== undefined) {
    return (
      <EnquiryConfirmation>
        <EmptyState
          icon="check"
          title={t('enquiry.reviewTitle')}
          description={
            <>
              {tripNumber ? <strong data-testid="enquiry-trip-number" data-number={tripNumber}>{t('enquiry.tripNumber', { number: tripNumber })}</strong> : null}{' '}
              {t('enquiry.reviewText', { hours: formatNumber(PROGRAM_RESPONSE_HOURS, language) })} {t('enquiry.mailSent')}
            </>
          }
        />
      </EnquiryConfirmation>
    );
  }

  // Each named with its car's seats: a traveller choosing for a group needs them.
  const rateOptions = (rates.data ?? []).map((rate) => ({
    value: rate.id,
    label: rate.seats ? t('checkout.rateWithSeats', { name: rate.name, count: rate.seats }) : rate.name,
  }));
  const toggleStop = (id: string, on: boolean) => {
    setStopsError(undefined);
    setStops((current) => (on ? (current.includes(id) || current.length >= MAX_STOPS ? current : [...current, id]) : current.filter((stop) => stop !== id)));
  };
  return (
    <form className="form form--grid" onSubmit={(event) => void onSubmit(event)} noValidate data-testid="enquiry-form">
      {programId ? (
        <p className="form__full enquiry-about" data-testid="enquiry-about" data-program={programId}>
          {t('enquiry.aboutProgram', { name: programName ?? '…' })}
        </p>
      ) : null}
      {tripBlock}
      {listing ? (
        <fieldset className="form__full enquiry-stops" aria-describedby={stopsError ? 'enquiry-stops-error' : undefined} data-testid="enquiry-stops">
          <legend>{t('enquiry.stopsLegend')}</legend>
          <p className="muted small">{t('enquiry.stopsHint')}</p>
          <div className="enquiry-stops__list">
            {destinations.map((destination) => {
              const index = stops.indexOf(destination.id);
              return (
                <label key={destination.id} className="enquiry-stops__item">
                  <input type="checkbox" checked={index >= 0} onChange={(event) => toggleStop(destination.id, event.target.checked)} />
                  <span>{destination.name}</span>
                  {index >= 0 ? <span className="badge" aria-hidden="true">{formatNumber(index + 1, language)}</span> : null}
                </label>
              );
            })}
          </div>
          {stopsError ? (
            <p id="enquiry-stops-error" className="field__error" role="alert">
              {stopsError}
            </p>
          ) : null}
        </fieldset>
      ) : null}
      {pickup?.label ? (
        <p className="form__full" data-testid="enquiry-pickup">
          {t('enquiry.pickupChosen', { name: pickup.label })}{' '}
          {onNeedPickup ? (
            <Button variant="ghost" size="sm" onClick={goChoosePickup}>
              {t('enquiry.changePickup')}
            </Button>
          ) : null}
        </p>
      ) : asksPickup && !pickup ? (
        <div className={`form__full field${pickupMissing && date ? ' field--invalid' : ''}`} data-testid="enquiry-pickup">
          <span className="field__label">{t('enquiry.pickupLabel')}</span>
          <p>
            {t('enquiry.pickupNotChosen')}{' '}
            <Button
              id="enquiry-choose-pickup"
              variant="secondary"
              size="sm"
              onClick={goChoosePickup}
              aria-describedby={pickupMissing && date ? 'enquiry-pickup-error' : 'enquiry-pickup-hint'}
            >
              {t('enquiry.choosePickup')}
            </Button>
          </p>
          {pickupMissing && date ? (
            <p id="enquiry-pickup-error" className="field__error" role="alert">
              {t('enquiry.pickupForDate')}
            </p>
          ) : (
            <p id="enquiry-pickup-hint" className="field__hint">
              {t('enquiry.pickupHint')}
            </p>
          )}
        </div>
      ) : null}
      <SelectField
        className="form__full"
        label={t('fields.rate')}
        options={rateOptions}
        placeholder={rates.isPending ? t('common.loading') : rateOptions.length ? t('enquiry.chooseRate') : t('enquiry.noRates')}
        error={errors.rate_id?.message}
        {...form.register('rate_id')}
      />
      <InputField label={t('fields.firstName')} autoComplete="given-name" error={errors.first_name?.message} {...form.register('first_name')} />
      <InputField label={t('fields.lastName')} autoComplete="family-name" error={errors.last_name?.message} {...form.register('last_name')} />
      <InputField label={t('fields.email')} type="email" autoComplete="email" error={errors.email?.message} {...form.register('email')} />
      <InputField label={t('fields.confirmEmail')} type="email" autoComplete="email" error={errors.confirm_email?.message} {...form.register('confirm_email')} />
      <PhoneField label={t('fields.phoneWithKey')} countryLabel={t('fields.countryKey')} error={errors.phone_number?.message} country={form.register('phone_region')} number={form.register('phone_number')} />
      <SelectField label={t('fields.country')} options={countries} autoComplete="country" error={errors.country?.message} {...form.register('country')} />
      <Controller
        control={form.control}
        name="date"
        render={({ field }) => (
          <DayPicker
            label={t('enquiry.date')}
            value={field.value}
            onChange={(day: string) => {
              field.onChange(day);
              // No date, no time: a pickup time means nothing without its day.
              if (!day) form.setValue('time', '');
            }}
            min={cairoToday()}
            blockedWhy={blockedWhy}
            onMonthShown={setShownMonth}
            placeholder={t('dayPicker.noDay')}
            hint={t('enquiry.whenHint')}
            error={errors.date?.message}
            testId="enquiry-date"
          />
        )}
      />
      {dayTimes || timesLoading ? (
        <OfferedTimeSelect day={dayTimes} loading={timesLoading} error={errors.time?.message} {...form.register('time')} />
      ) : (
        <TimeSelect
          label={t('enquiry.time')}
          // With a day chosen the time is asked for; today, only the times still ahead are offered. Once the
          // server has said which times of the day fit, only those (OfferedTimeSelect).
          placeholder={date ? t('checkout.chooseTime') : t('dayPicker.anyTime')}
          after={date && date === cairoToday() ? cairoClock() : undefined}
          from={officeDay?.opens}
          until={officeDay?.closes}
          disabled={!date}
          hint={date ? undefined : t('enquiry.timeNeedsDate')}
          error={errors.time?.message}
          data-testid="enquiry-time"
          {...form.register('time')}
        />
      )}
      <InputField
        label={t('enquiry.travellers')}
        // A text box, not type="number": that one drops Arabic-Indic digits («٦») without a word.
        type="text"
        inputMode="numeric"
        dir="ltr"
        error={errors.travellers?.message ?? groupTooLarge ?? undefined}
        {...form.register('travellers')}
      />
      <TextAreaField className="form__full" label={t('fields.comments')} rows={4} error={errors.comments?.message} {...form.register('comments')} />
      <div className="form__full">
        <CheckboxField label={t('enquiry.agree')} error={errors.terms?.message} {...form.register('terms')} />
      </div>
      <div className="form__full">
        <Button type="submit" loading={submit.isPending}>
          {t('enquiry.submit')}
        </Button>
      </div>
    </form>
  );
}

type OfferedTimeSelectProps = Omit<SelectHTMLAttributes<HTMLSelectElement>, 'children'> & {
  /** The server's pickup times of the chosen day (undefined while they load). */
  day: PickupTimes | undefined;
  loading: boolean;
  error?: string | undefined;
};

/**
 * The chosen day's pickup times that fit (Cairo time, as the page's language writes them); when none
 * does, why and what to do, as checkout says it; a day that cannot be booked at all, says so.
 */
function OfferedTimeSelect({ day, loading, error, ...select }: OfferedTimeSelectProps) {
  const { t } = useTranslation();
  const language = useLanguage();
  const options = useMemo(() => (day?.times ?? []).map(({ time }) => ({ value: time, label: formatClock(time, language) })), [day, language]);
  const closed = day !== undefined && day.status !== 'available';
  const noTimeFits = day !== undefined && day.status === 'available' && day.times.length === 0;
  const why = closed ? t('enquiry.dayNotOffered') : noTimeFits ? (day.message ?? t('checkout.noTimeFits')) : undefined;
  return (
    <div className="stack stack--tight">
      <SelectField
        label={t('enquiry.time')}
        options={options}
        placeholder={loading ? t('checkout.timesLoading') : why ? t('checkout.noTimeFits') : t('checkout.chooseTime')}
        disabled={loading || Boolean(why)}
        error={error}
        data-testid="enquiry-time"
        {...select}
      />
      {why ? (
        <p className="field__error" role="alert" data-testid="enquiry-no-time">
          {why}
        </p>
      ) : null}
    </div>
  );
}

interface TripOfEnquiryProps {
  stops: EnquiryTripStop[] | undefined;
  loading: boolean;
  failed: boolean;
  /** Why the trip cannot be asked about (before sending, or the server's words after). */
  error: string | undefined;
}

/** What a signed-in traveller's enquiry is about: the stops of their trip, and what is missing from it. */
function TripOfEnquiry({ stops, loading, failed, error }: TripOfEnquiryProps) {
  const { t } = useTranslation();
  const language = useLanguage();
  const short = stops !== undefined && stops.length < MIN_STOPS;
  return (
    <section className="form__full enquiry-trip" aria-labelledby="enquiry-trip-title" data-testid="enquiry-trip" data-stops={stops?.length ?? ''}>
      <h3 id="enquiry-trip-title" className="enquiry-trip__title">{t('enquiry.tripTitle')}</h3>
      {loading ? <p className="muted small">{t('common.loading')}</p> : null}
      {failed && !stops ? <p className="muted small">{t('enquiry.tripLoadFailed')}</p> : null}
      {stops && stops.length > 0 ? (
        <ol className="stop-list enquiry-trip__stops">
          {stops.map((stop, index) => (
            <li key={stop.id} className="stop-list__item">
              <span className="stop-list__index" aria-hidden="true">{formatNumber(index + 1, language)}</span>
              <span>{stop.name ?? t('enquiry.tripUnknownStop')}</span>
            </li>
          ))}
        </ol>
      ) : null}
      {short || error ? (
        <p id="enquiry-trip-error" className={error ? 'field__error' : 'enquiry-trip__short'} role={error ? 'alert' : undefined} data-testid="enquiry-trip-short">
          {error ?? t('enquiry.tripNeedsTwo')}{' '}
          <Link to={paths.destinations} data-testid="enquiry-add-destinations">{t('enquiry.addDestinations')}</Link>
        </p>
      ) : null}
    </section>
  );
}

/**
 * What a sent enquiry answers: the trip number and what happens next. It takes the place of the form,
 * whose submit button was near the page's end on a phone: the confirmation is scrolled into view and
 * focused (read by a screen reader), not left above the screen with a toast that goes away.
 */
function EnquiryConfirmation({ children }: { children: ReactNode }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const shown = ref.current;
    if (!shown) return;
    // jsdom has no layout and no scrollIntoView.
    if (typeof shown.scrollIntoView === 'function') shown.scrollIntoView({ block: 'center' });
    shown.focus({ preventScroll: true });
  }, []);
  return (
    <div ref={ref} role="status" tabIndex={-1} className="enquiry-confirmation" data-testid="enquiry-confirmation">
      {children}
    </div>
  );
}
