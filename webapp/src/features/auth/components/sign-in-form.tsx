import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { z } from 'zod';

import { Button } from '@/components/ui/button';
import { InputField } from '@/components/ui/field';
import { paths } from '@/config/paths';
import { isApiError } from '@/lib/api-client';
import { toast } from '@/lib/toast';

import { adminQueryOptions } from '../api/get-admin';
import { useLogin } from '../api/login';
import { logout } from '../api/logout';
import { useCompleteSignIn } from '../hooks/use-session';
import { useAuthStore } from '../stores/auth-store';
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
}

export function SignInForm({ audience = 'user', onSignedIn, compact }: SignInFormProps) {
  const { t } = useTranslation();
  const login = useLogin();
  const completeSignIn = useCompleteSignIn();
  const queryClient = useQueryClient();
  const form = useForm<Values>({ resolver: zodResolver(schema), defaultValues: { email: '', password: '' } });
  const { errors } = form.formState;

  // The admin screen asks the server whether this account may enter (GET /api/auth/getadmin); a
  // traveller's account is signed out again at once rather than left half in.
  const confirmAdmin = async (): Promise<boolean> => {
    try {
      await queryClient.query(adminQueryOptions());
      return true;
    } catch (error) {
      await logout().catch(() => undefined);
      useAuthStore.getState().signOut();
      queryClient.removeQueries({ queryKey: ['auth'] });
      toast.error(isApiError(error) && error.status > 0 && error.message ? error.message : t('auth.loginFailed'));
      return false;
    }
  };

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const { data } = await login.mutateAsync(values);
      const { token, ...user } = data;
      completeSignIn({ token, user, admin: audience === 'admin' ? true : undefined });
      if (audience === 'admin' && !(await confirmAdmin())) return;
      toast.success(t('auth.signedIn', { name: user.first_name || user.email }));
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
        error={errors.email?.message ? t(errors.email.message) : undefined}
        {...form.register('email')}
      />
      <InputField
        label={t('fields.password')}
        type="password"
        autoComplete="current-password"
        error={errors.password?.message ? t(errors.password.message) : undefined}
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
