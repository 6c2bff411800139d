import { useForm, type Path } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';

import { Button } from '@/components/ui/button';
import { InputField } from '@/components/ui/field';
import { PhoneField } from '@/components/ui/phone-field';
import { PASSWORD_MAX, PASSWORD_MIN } from '@/config/constants';
import { isApiError } from '@/lib/api-client';
import { messageKey } from '@/lib/form-messages';
import { formResolver } from '@/lib/form-resolver';
import { DEFAULT_PHONE_REGION, toE164 } from '@/lib/phone';
import { toast } from '@/lib/toast';

import { splitFullName, useRegister } from '../api/register';
import { useCompleteSignIn } from '../hooks/use-session';

const PASSWORD_LENGTH = messageKey('validation.passwordLength', { min: PASSWORD_MIN, max: PASSWORD_MAX });

// The server's rules (domain/account/rules.go): names of letters (any script), e-mail, a phone
// number valid for its country (libphonenumber: its small metadata here, the full one on the server),
// a password of 8 to 20 characters.
const NAME_CHARS = /^[\p{L}\p{Mn}\s'’.-]+$/u;
const NAME_MAX = 50;
const EMAIL_MAX = 254;

/** Characters as the server counts them (code points). */
function characterCount(value: string): number {
  return value.match(/[\s\S]/gu)?.length ?? 0;
}

const schema = z
  .object({
    full_name: z
      .string()
      .trim()
      .min(1, 'validation.nameRequired')
      .refine((value) => splitFullName(value) !== null, 'validation.fullName')
      .refine((value) => NAME_CHARS.test(value), 'auth.nameInvalid')
      // The one field holds both names: a part too long is named as the server names it.
      .refine((value) => characterCount(splitFullName(value)?.first_name ?? '') <= NAME_MAX, messageKey('validation.tooLong', { count: NAME_MAX, field: 'fields.firstName' }))
      .refine((value) => characterCount(splitFullName(value)?.last_name ?? '') <= NAME_MAX, messageKey('validation.tooLong', { count: NAME_MAX, field: 'fields.lastName' })),
    email: z.string().trim().min(1, 'validation.emailRequired').max(EMAIL_MAX).pipe(z.email('validation.email')),
    country_key: z.string(),
    phone_number: z.string().trim().min(1, 'validation.phoneRequired'),
    password: z
      .string()
      .min(1, 'validation.passwordRequired')
      .refine((value) => characterCount(value) >= PASSWORD_MIN && characterCount(value) <= PASSWORD_MAX, PASSWORD_LENGTH),
  })
  .refine((values) => !values.phone_number || toE164(values.phone_number, values.country_key) !== null, {
    path: ['phone_number'],
    message: 'validation.phone',
  });
type Values = z.infer<typeof schema>;

// Server field → form field. Both name fields come from the one full-name input.
const SERVER_FIELDS: Record<string, Path<Values>> = {
  first_name: 'full_name',
  last_name: 'full_name',
  email: 'email',
  phone_number: 'phone_number',
  password: 'password',
};

export function SignUpForm({ onSignedIn, onRegistered }: { onSignedIn: () => void; onRegistered: () => void }) {
  const { t, i18n } = useTranslation();
  const registerUser = useRegister(i18n.language);
  const completeSignIn = useCompleteSignIn();
  const form = useForm<Values>({
    resolver: formResolver(schema),
    defaultValues: { full_name: '', email: '', country_key: DEFAULT_PHONE_REGION, phone_number: '', password: '' },
  });
  const { errors } = form.formState;

  // Field errors go next to their fields; anything without a field is a toast.
  const showServerErrors = (fieldErrors: Record<string, string[]>) => {
    let focused = false;
    for (const [field, list] of Object.entries(fieldErrors)) {
      const target = SERVER_FIELDS[field];
      if (target && list[0]) {
        form.setError(target, { type: 'server', message: list[0] }, { shouldFocus: !focused });
        focused = true;
      } else {
        for (const text of list) toast.error(text);
      }
    }
    if (focused) toast.error(t('auth.registrationFailed'));
  };

  const onSubmit = form.handleSubmit(async (values) => {
    const names = splitFullName(values.full_name);
    if (!names) return;
    try {
      const result = await registerUser.mutateAsync({
        ...names,
        email: values.email,
        phone_number: toE164(values.phone_number, values.country_key) ?? values.phone_number,
        country_key: values.country_key,
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
        // Spec section 4: registered without a token (e-mail confirmation): ask to sign in.
        toast.success(t('auth.registeredSignIn'));
        onRegistered();
      }
    } catch (error) {
      if (isApiError(error) && Object.keys(error.errors).length) showServerErrors(error.errors);
      else toast.error(isApiError(error) && error.status > 0 ? error.message : t('auth.registrationFailed'));
    }
  });

  return (
    <form className="form" onSubmit={(event) => void onSubmit(event)} noValidate aria-label={t('auth.signUpTitle')}>
      <InputField label={t('fields.fullName')} autoComplete="name" error={errors.full_name?.message} {...form.register('full_name')} />
      <InputField label={t('fields.email')} type="email" autoComplete="email" error={errors.email?.message} {...form.register('email')} />
      <PhoneField
        label={t('fields.phone')}
        countryLabel={t('fields.countryKey')}
        error={errors.phone_number?.message}
        country={form.register('country_key')}
        number={{ placeholder: '100 123 4567', ...form.register('phone_number') }}
      />
      <InputField
        label={t('fields.password')}
        type="password"
        autoComplete="new-password"
        hint={t('auth.passwordHint', { min: PASSWORD_MIN, max: PASSWORD_MAX })}
        error={errors.password?.message}
        {...form.register('password')}
      />
      <Button type="submit" block loading={registerUser.isPending}>
        {t('auth.signUpAction')}
      </Button>
    </form>
  );
}
