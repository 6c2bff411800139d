import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { z } from 'zod';

import { Button } from '@/components/ui/button';
import { InputField } from '@/components/ui/field';
import { isStaffRole } from '@/config/roles';
import { paths } from '@/config/paths';
import { isApiError } from '@/lib/api-client';
import { formResolver } from '@/lib/form-resolver';
import { toast } from '@/lib/toast';

import { useLogin } from '../api/login';
import { useCompleteSignIn } from '../hooks/use-session';
import type { User } from '../types';

const schema = z.object({
  email: z.string().trim().min(1, 'validation.emailRequired').pipe(z.email('validation.email')),
  password: z.string().min(1, 'validation.passwordRequired'),
});
type Values = z.infer<typeof schema>;

interface SignInFormProps {
  audience?: 'user' | 'admin';
  onSignedIn: (user: User) => void;
  compact?: boolean;
  /** The account's first sign-in (just after a driver's invitation set its password): welcome, not "welcome back". */
  firstTime?: boolean;
}

export function SignInForm({ audience = 'user', onSignedIn, compact, firstTime = false }: SignInFormProps) {
  const { t } = useTranslation();
  const login = useLogin();
  const completeSignIn = useCompleteSignIn();
  const form = useForm<Values>({ resolver: formResolver(schema), defaultValues: { email: '', password: '' } });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const { data } = await login.mutateAsync(values);
      const { token, ...user } = data;
      completeSignIn({ token, user });
      // A traveller's or driver's account at the admin door: the admin login shows, in place of this
      // form, that the account has no access (the admin area's guard asks the server again anyway).
      if (audience === 'admin' && !isStaffRole(user.role)) return;
      toast.success(t(firstTime ? 'auth.welcome' : 'auth.signedIn', { name: user.first_name || user.email }));
      onSignedIn(user);
    } catch (error) {
      if (isApiError(error)) {
        for (const field of ['email', 'password'] as const) {
          const text = error.errors[field]?.[0];
          if (text) form.setError(field, { type: 'server', message: text });
        }
      }
      // Spec section 8: the server's message, or 'Login failed.'
      toast.error(isApiError(error) && error.status > 0 && error.message ? error.message : t('auth.loginFailed'));
    }
  });

  return (
    <form className="form" onSubmit={(event) => void onSubmit(event)} noValidate>
      <InputField
        label={t('fields.email')}
        type="email"
        autoComplete="email"
        inputMode="email"
        error={errors.email?.message}
        {...form.register('email')}
      />
      <InputField
        label={t('fields.password')}
        type="password"
        autoComplete="current-password"
        error={errors.password?.message}
        {...form.register('password')}
      />
      {compact ? null : (
        <p className="form__aside">
          <Link to={audience === 'admin' ? paths.admin.passwordReset : paths.forgotPassword}>{t('auth.forgotLink')}</Link>
        </p>
      )}
      <Button type="submit" block loading={login.isPending}>
        {t('auth.signInAction')}
      </Button>
    </form>
  );
}
