import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { z } from 'zod';

import { Button } from '@/components/ui/button';
import { CheckboxField, InputField, SelectField, TextAreaField } from '@/components/ui/field';
import { EmptyState } from '@/components/ui/states';
import { PROGRAM_RESPONSE_HOURS } from '@/config/constants';
import { paths } from '@/config/paths';
import { isApiError } from '@/lib/api-client';
import { useLanguage } from '@/hooks/use-language';
import { formResolver } from '@/lib/form-resolver';
import { applyServerErrors } from '@/lib/server-errors';
import { toast } from '@/lib/toast';
import { formatNumber } from '@/utils/format';

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
    phone_number: z.string().trim().regex(/^\+?[0-9][0-9\s-]{6,18}[0-9]$/, 'validation.phone'),
    country: z.string().trim().min(1, 'validation.required'),
    comments: z.string().max(2000),
    terms: z.boolean().refine((value) => value, 'validation.terms'),
  })
  .refine((values) => values.email === values.confirm_email, { path: ['confirm_email'], message: 'validation.emailsMatch' });
type Values = z.infer<typeof schema>;

const EMPTY: Values = { rate_id: '', first_name: '', last_name: '', email: '', confirm_email: '', phone_number: '', country: '', comments: '', terms: false };

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

export interface EnquiryPickup {
  start: string;
  end?: string | null;
  /** What the traveller chose, as they read it. */
  label?: string;
}

interface EnquiryFormProps {
  programId?: string;
  /** The pickup chosen on the pickup selection page, come back with the traveller. */
  pickup?: EnquiryPickup | null;
  /** Opens the pickup selection page (the form's values are kept meanwhile); the points page by default. */
  onNeedPickup?: () => void;
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
  terms: 'terms',
};

export function EnquiryForm({ programId, pickup, onNeedPickup }: EnquiryFormProps) {
  const { t } = useTranslation();
  const language = useLanguage();
  const rates = useRates();
  const submit = useSubmitEnquiry();
  const [tripNumber, setTripNumber] = useState<string | null | undefined>(undefined);
  const navigate = useNavigate();
  const form = useForm<Values>({
    resolver: formResolver(schema),
    // Back from choosing a pickup point: what was typed before.
    defaultValues: pickup ? restored() : EMPTY,
  });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const points = pickup
        ? { start: { pickup_point_id: pickup.start }, ...(pickup.end && pickup.end !== pickup.start ? { end: { pickup_point_id: pickup.end } } : {}) }
        : {};
      const result = await submit.mutateAsync({ ...values, program_id: programId, ...points });
      clearEnquiryDraft();
      toast.success(t('enquiry.submitted'));
      setTripNumber(result.tripNumber);
    } catch (error) {
      // The server says which rule broke (a pickup point chosen first, e-mails that match, a text too
      // long, …): a field's words go next to it, in the language of the page.
      if (isApiError(error) && error.status === 422) {
        const placed = applyServerErrors(error, form.setError, SERVER_FIELDS);
        if (!placed || error.errors.pickup) toast.error(error.firstError('pickup') ?? error.firstError() ?? error.message);
        if (error.errors.pickup) {
          saveEnquiryDraft(values);
          if (onNeedPickup) onNeedPickup();
          else void navigate(paths.points);
        }
        return;
      }
      toast.error(t('enquiry.failed'));
    }
  });

  if (tripNumber !== undefined) {
    return (
      <EmptyState
        icon="check"
        title={t('enquiry.reviewTitle')}
        description={
          <>
            {tripNumber ? t('enquiry.tripNumber', { number: tripNumber }) : null} {t('enquiry.reviewText', { hours: formatNumber(PROGRAM_RESPONSE_HOURS, language) })}
          </>
        }
      />
    );
  }

  const rateOptions = (rates.data ?? []).map((rate) => ({ value: rate.id, label: rate.name }));
  return (
    <form className="form form--grid" onSubmit={(event) => void onSubmit(event)} noValidate data-testid="enquiry-form">
      {pickup?.label ? (
        <p className="form__full" data-testid="enquiry-pickup">
          {t('enquiry.pickupChosen', { name: pickup.label })}{' '}
          {onNeedPickup ? (
            <Button
              variant="ghost"
              size="sm"
              onClick={() => {
                saveEnquiryDraft(form.getValues());
                onNeedPickup();
              }}
            >
              {t('enquiry.changePickup')}
            </Button>
          ) : null}
        </p>
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
      <InputField label={t('fields.phoneWithKey')} type="tel" dir="ltr" placeholder="+20 100 000 0000" autoComplete="tel" error={errors.phone_number?.message} {...form.register('phone_number')} />
      <InputField label={t('fields.country')} autoComplete="country-name" error={errors.country?.message} {...form.register('country')} />
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
