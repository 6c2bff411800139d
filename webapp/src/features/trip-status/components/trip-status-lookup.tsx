import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';

import { Button } from '@/components/ui/button';
import { InputField } from '@/components/ui/field';
import { EmptyState } from '@/components/ui/states';
import { useLanguage } from '@/hooks/use-language';
import { isApiError } from '@/lib/api-client';
import { formatDate } from '@/utils/format';

import { useTripStatusLookup } from '../api/get-trip-status';

const schema = z.object({
  trip_number: z.string().trim().min(1, 'validation.required'),
  email: z.string().trim().pipe(z.email('validation.email')),
});

export function TripStatusLookup() {
  const { t } = useTranslation();
  const language = useLanguage();
  const lookup = useTripStatusLookup();
  const form = useForm<z.infer<typeof schema>>({ resolver: zodResolver(schema), defaultValues: { trip_number: '', email: '' } });
  const { errors } = form.formState;
  const notFound = lookup.isError && isApiError(lookup.error) && lookup.error.status === 404;

  return (
    <div className="split">
      <form className="form card card--plain" onSubmit={(event) => void form.handleSubmit((values) => lookup.mutate(values))(event)} noValidate>
        <InputField label={t('fields.tripNumber')} autoComplete="off" dir="ltr" error={errors.trip_number?.message ? t(errors.trip_number.message) : undefined} {...form.register('trip_number')} />
        <InputField label={t('fields.email')} type="email" autoComplete="email" error={errors.email?.message ? t(errors.email.message) : undefined} {...form.register('email')} />
        <Button type="submit" loading={lookup.isPending}>
          {t('tripStatus.check')}
        </Button>
      </form>
      <div aria-live="polite">
        {lookup.isSuccess ? (
          <div className="card card--plain status-card">
            <p className="eyebrow">{t('tripStatus.trip', { number: lookup.data.trip_number })}</p>
            <p className="status-card__status">{t(`tripStatus.statuses.${lookup.data.status}`, { defaultValue: lookup.data.status })}</p>
            {lookup.data.date ? <p className="muted">{formatDate(lookup.data.date, language, { dateStyle: 'full' })}</p> : null}
          </div>
        ) : lookup.isError ? (
          <EmptyState icon="alert" title={notFound ? t('tripStatus.notFound') : t('tripStatus.failed')} description={notFound ? t('tripStatus.notFoundText') : undefined} />
        ) : (
          <EmptyState icon="car" title={t('tripStatus.idleTitle')} description={t('tripStatus.idleText')} />
        )}
      </div>
    </div>
  );
}
