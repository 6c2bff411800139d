import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';

import { Button } from '@/components/ui/button';
import { InputField } from '@/components/ui/field';
import { PhoneField } from '@/components/ui/phone-field';
import { formResolver } from '@/lib/form-resolver';
import { nationalOf, regionOf, toE164 } from '@/lib/phone';
import { applyServerErrors, failureMessage } from '@/lib/server-errors';
import { toast } from '@/lib/toast';

import { useUpdatePersonalInfo } from '../api/update-personal-info';

import { emailRule, nameRule, phoneIsValid } from './rules';

export interface PersonalInfo {
  first_name: string;
  last_name: string;
  email: string;
  phone_number?: string | null;
}

function schemaFor(current: PersonalInfo) {
  return z
    .object({
      first_name: nameRule('account.rules.firstNameRequired'),
      last_name: nameRule('account.rules.lastNameRequired'),
      email: emailRule,
      country_key: z.string(),
      phone_number: z.string(),
      current_password: z.string(),
    })
    .superRefine((values, ctx) => {
      // Accounts made by the operator may have no phone; everyone else keeps a valid one.
      if (!phoneIsValid(values.phone_number, values.country_key, !current.phone_number)) {
        ctx.addIssue({ code: 'custom', path: ['phone_number'], message: values.phone_number.trim() ? 'validation.phone' : 'validation.phoneRequired' });
      }
      if (values.email.trim().toLowerCase() !== current.email.toLowerCase() && !values.current_password) {
        ctx.addIssue({ code: 'custom', path: ['current_password'], message: 'account.rules.currentPasswordForEmail' });
      }
    });
}
type Values = z.infer<ReturnType<typeof schemaFor>>;

/** Edit first and last name, e-mail (with the current password) and phone. */
export function PersonalInfoForm({ user }: { user: PersonalInfo }) {
  const { t } = useTranslation();
  const update = useUpdatePersonalInfo();
  const form = useForm<Values>({
    resolver: formResolver(schemaFor(user)),
    defaultValues: {
      first_name: user.first_name,
      last_name: user.last_name,
      email: user.email,
      country_key: regionOf(user.phone_number),
      phone_number: nationalOf(user.phone_number),
      current_password: '',
    },
  });
  const { errors } = form.formState;
  const email = useWatch({ control: form.control, name: 'email' });
  const emailChanged = email.trim().toLowerCase() !== user.email.toLowerCase();

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const phone = values.phone_number.trim() ? (toE164(values.phone_number, values.country_key) ?? values.phone_number) : '';
      const result = await update.mutateAsync({
        first_name: values.first_name,
        last_name: values.last_name,
        email: values.email,
        phone_number: phone,
        country_key: values.country_key,
        current_password: emailChanged ? values.current_password : undefined,
      });
      form.reset({ ...values, current_password: '' });
      toast.success(result.message || t('account.personal.saved'));
    } catch (error) {
      const placed = applyServerErrors(error, form.setError, {
        first_name: 'first_name',
        last_name: 'last_name',
        email: 'email',
        phone_number: 'phone_number',
        current_password: 'current_password',
      });
      if (!placed) toast.error(failureMessage(error, t('account.personal.failed')));
    }
  });

  return (
    <form className="form form--grid" onSubmit={(event) => void onSubmit(event)} noValidate aria-label={t('account.tabs.personal')}>
      <InputField label={t('fields.firstName')} autoComplete="given-name" error={errors.first_name?.message} {...form.register('first_name')} />
      <InputField label={t('fields.lastName')} autoComplete="family-name" error={errors.last_name?.message} {...form.register('last_name')} />
      <InputField className="form__full" label={t('fields.email')} type="email" autoComplete="email" error={errors.email?.message} {...form.register('email')} />
      {emailChanged ? (
        <InputField
          className="form__full"
          label={t('fields.oldPassword')}
          type="password"
          autoComplete="current-password"
          hint={t('account.personal.passwordForEmail')}
          error={errors.current_password?.message}
          {...form.register('current_password')}
        />
      ) : null}
      <div className="form__full">
        <PhoneField
          label={t('fields.phone')}
          countryLabel={t('fields.countryKey')}
          error={errors.phone_number?.message}
          country={form.register('country_key')}
          number={form.register('phone_number')}
        />
      </div>
      <div className="form__full">
        <Button type="submit" loading={update.isPending}>
          {t('account.personal.save')}
        </Button>
      </div>
    </form>
  );
}
