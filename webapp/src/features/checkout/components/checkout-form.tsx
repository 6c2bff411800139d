import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import { z } from 'zod';

import { Button } from '@/components/ui/button';
import { CheckboxField, InputField, SelectField, TextAreaField } from '@/components/ui/field';

import { useSubmitOrder } from '../api/submit-order';

const today = () => new Date().toISOString().slice(0, 10);

const schema = z
  .object({
    rate_id: z.string().min(1, 'validation.rateRequired'),
    date: z.string().min(1, 'validation.required').refine((value) => value >= today(), 'validation.dateOutOfRange'),
    time: z.string().min(1, 'validation.required'),
    first_name: z.string().trim().min(1, 'validation.required'),
    last_name: z.string().trim().min(1, 'validation.required'),
    email: z.string().trim().pipe(z.email('validation.email')),
    confirm_email: z.string().trim(),
    phone_number: z.string().trim().regex(/^\+?[0-9][0-9\s-]{6,18}[0-9]$/, 'validation.phone'),
    country: z.string().trim().min(1, 'validation.required'),
    comments: z.string().max(2000),
    terms: z.boolean().refine((value) => value, 'validation.terms'),
  })
  .refine((values) => values.email === values.confirm_email, { path: ['confirm_email'], message: 'validation.emailsMatch' });
type Values = z.infer<typeof schema>;

interface CheckoutFormProps {
  rates: ReadonlyArray<{ value: string; label: string }>;
  startPointId: string;
  endPointId: string;
  onNeedPickup: () => void;
}

export function CheckoutForm({ rates, startPointId, endPointId, onNeedPickup }: CheckoutFormProps) {
  const { t } = useTranslation();
  const submit = useSubmitOrder();
  const form = useForm<Values>({
    resolver: zodResolver(schema),
    defaultValues: { rate_id: '', date: '', time: '', first_name: '', last_name: '', email: '', confirm_email: '', phone_number: '', country: '', comments: '', terms: false },
  });
  const { errors } = form.formState;
  const message = (key?: string) => (key ? t(key) : undefined);
  const rateChosen = Boolean(useWatch({ control: form.control, name: 'rate_id' }));

  const onSubmit = form.handleSubmit(async ({ confirm_email: _c, terms: _t, ...values }) => {
    if (!startPointId || !endPointId) {
      toast.error(t('checkout.pickupFirst'));
      onNeedPickup();
      return;
    }
    try {
      const { paymentUrl } = await submit.mutateAsync({ ...values, start_point_id: startPointId, end_point_id: endPointId });
      if (!paymentUrl) {
        toast.error(t('checkout.noPaymentUrl'));
        return;
      }
      toast.success(t('checkout.submitted'));
      window.location.assign(paymentUrl);
    } catch {
      toast.error(t('checkout.failed'));
    }
  });

  return (
    <form className="form form--grid" onSubmit={(event) => void onSubmit(event)} noValidate>
      <SelectField className="form__full" label={t('fields.rate')} options={rates} placeholder={rates.length ? t('enquiry.chooseRate') : t('enquiry.noRates')} error={message(errors.rate_id?.message)} {...form.register('rate_id')} />
      <InputField label={t('fields.date')} type="date" min={today()} disabled={!rateChosen} hint={rateChosen ? undefined : t('checkout.rateFirst')} error={message(errors.date?.message)} {...form.register('date')} />
      <InputField label={t('fields.time')} type="time" error={message(errors.time?.message)} {...form.register('time')} />
      <InputField label={t('fields.firstName')} autoComplete="given-name" error={message(errors.first_name?.message)} {...form.register('first_name')} />
      <InputField label={t('fields.lastName')} autoComplete="family-name" error={message(errors.last_name?.message)} {...form.register('last_name')} />
      <InputField label={t('fields.email')} type="email" autoComplete="email" error={message(errors.email?.message)} {...form.register('email')} />
      <InputField label={t('fields.confirmEmail')} type="email" autoComplete="email" error={message(errors.confirm_email?.message)} {...form.register('confirm_email')} />
      <InputField label={t('fields.phoneWithKey')} type="tel" dir="ltr" autoComplete="tel" placeholder="+20 100 000 0000" error={message(errors.phone_number?.message)} {...form.register('phone_number')} />
      <InputField label={t('fields.country')} autoComplete="country-name" error={message(errors.country?.message)} {...form.register('country')} />
      <TextAreaField className="form__full" label={t('fields.comments')} rows={3} {...form.register('comments')} />
      <div className="form__full">
        <CheckboxField label={t('enquiry.agree')} error={message(errors.terms?.message)} {...form.register('terms')} />
      </div>
      <div className="form__full">
        <Button type="submit" size="lg" loading={submit.isPending}>
          {t('checkout.submit')}
        </Button>
      </div>
    </form>
  );
}
