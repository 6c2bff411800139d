import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, type Path } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import { z } from 'zod';

import { Button } from '@/components/ui/button';
import { InputField } from '@/components/ui/field';
import { PASSWORD_MAX, PASSWORD_MIN } from '@/config/constants';
import { isApiError } from '@/lib/api-client';

import { splitFullName, useRegister } from '../api/register';
import { useCompleteSignIn } from '../hooks/use-session';

const PHONE = /^\+?[0-9][0-9\s-]{6,18}[0-9]$/;

const schema = z.object({
  full_name: z
    .string()
    .trim()
    .min(1, 'validation.nameRequired')
    .refine((value) => splitFullName(value) !== null, 'validation.fullName'),
  email: z.string().trim().min(1, 'validation.emailRequired').pipe(z.email('validation.email')),
  phone_number: z.string().trim().min(1, 'validation.phoneRequired').regex(PHONE, 'validation.phone'),
  password: z.string().min(1, 'validation.passwordRequired').min(PASSWORD_MIN, 'validation.passwordLength').max(PASSWORD_MAX, 'validation.passwordLength'),
});
type Values = z.infer<typeof schema>;

const SERVER_FIELDS: Record<string, Path<Values>> = {
  first_name: 'full_name',
  last_name: 'full_name',
  email: 'email',
  phone_number: 'phone_number',
  password: 'password',
};

export function SignUpForm({ onSignedIn, onRegistered }: { onSignedIn: () => void; onRegistered: () => void }) {
  const { t } = useTranslation();
  const registerUser = useRegister();
  const completeSignIn = useCompleteSignIn();
  const form = useForm<Values>({
    resolver: zodResolver(schema),
    defaultValues: { full_name: '', email: '', phone_number: '', password: '' },
  });
  const { errors } = form.formState;
  const message = (key?: string) => (key ? t(key, { min: PASSWORD_MIN, max: PASSWORD_MAX }) : undefined);

  const showServerErrors = (fieldErrors: Record<string, string[]>) => {
    for (const [field, list] of Object.entries(fieldErrors)) {
      const target = SERVER_FIELDS[field];
      if (target && list[0]) form.setError(target, { message: list[0] });
      for (const text of list) toast.error(text);
    }
  };

  const onSubmit = form.handleSubmit(async (values) => {
    const names = splitFullName(values.full_name);
    if (!names) return;
    try {
      const result = await registerUser.mutateAsync({
        ...names,
        email: values.email,
        phone_number: values.phone_number,
        password: values.password,
      });
      if (!result.ok) {
        if (Object.keys(result.errors).length) showServerErrors(result.errors);
        else toast.error(result.message ?? t('auth.registrationFailed'));
        return;
      }
      if (result.token && result.user) {
        completeSignIn({ token: result.token, user: result.user });
        toast.success(t('auth.welcome', { name: result.user.first_name }));
        onSignedIn();
      } else {
        toast.success(t('auth.registeredSignIn'));
        onRegistered();
      }
    } catch (error) {
      if (isApiError(error) && Object.keys(error.errors).length) showServerErrors(error.errors);
      else toast.error(isApiError(error) && error.status > 0 ? error.message : t('auth.registrationFailed'));
    }
  });

  return (
    <form className="form" onSubmit={(event) => void onSubmit(event)} noValidate>
      <InputField label={t('fields.fullName')} autoComplete="name" error={message(errors.full_name?.message)} {...form.register('full_name')} />
      <InputField label={t('fields.email')} type="email" autoComplete="email" error={message(errors.email?.message)} {...form.register('email')} />
      <InputField
        label={t('fields.phone')}
        type="tel"
        autoComplete="tel"
        inputMode="tel"
        dir="ltr"
        placeholder="+20 100 000 0000"
        error={message(errors.phone_number?.message)}
        {...form.register('phone_number')}
      />
      <InputField
        label={t('fields.password')}
        type="password"
        autoComplete="new-password"
        hint={t('auth.passwordHint', { min: PASSWORD_MIN, max: PASSWORD_MAX })}
        error={message(errors.password?.message)}
        {...form.register('password')}
      />
      <Button type="submit" block loading={registerUser.isPending}>
        {t('auth.signUpAction')}
      </Button>
    </form>
  );
}
