import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';

import { Button } from '@/components/ui/button';
import { InputField } from '@/components/ui/field';
import { EmptyState } from '@/components/ui/states';
import { PASSWORD_MAX, PASSWORD_MIN } from '@/config/constants';
import { isApiError } from '@/lib/api-client';
import { messageKey } from '@/lib/form-messages';
import { formResolver } from '@/lib/form-resolver';
import { toast } from '@/lib/toast';

import { useRequestPasswordReset } from '../api/request-password-reset';
import { useResetPassword } from '../api/reset-password';

const PASSWORD_LENGTH = messageKey('validation.passwordLength', { min: PASSWORD_MIN, max: PASSWORD_MAX });

const requestSchema = z.object({
  email: z.string().trim().min(1, 'validation.emailRequired').pipe(z.email('validation.email')),
});

export function ForgotPasswordForm({ audience }: { audience: 'user' | 'admin' }) {
  const { t } = useTranslation();
  const request = useRequestPasswordReset();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const form = useForm<z.infer<typeof requestSchema>>({ resolver: formResolver(requestSchema), defaultValues: { email: '' } });
  const error = form.formState.errors.email?.message;

  const onSubmit = form.handleSubmit(async ({ email }) => {
    try {
      await request.mutateAsync({ email, audience });
      setSentTo(email);
    } catch (err) {
      toast.error(isApiError(err) && err.status > 0 ? err.message : t('auth.resetRequestFailed'));
    }
  });

  if (sentTo) {
    return <EmptyState icon="mail" title={t('auth.resetSentTitle')} description={t('auth.resetSentText', { email: sentTo })} />;
  }
  return (
    <form className="form" onSubmit={(event) => void onSubmit(event)} noValidate>
      <InputField label={t('fields.email')} type="email" autoComplete="email" error={error} {...form.register('email')} />
      <Button type="submit" block loading={request.isPending}>
        {t('auth.sendResetLink')}
      </Button>
    </form>
  );
}

const resetSchema = z
  .object({
    password: z.string().min(PASSWORD_MIN, PASSWORD_LENGTH).max(PASSWORD_MAX, PASSWORD_LENGTH),
    password_confirmation: z.string(),
  })
  .refine((values) => values.password === values.password_confirmation, {
    path: ['password_confirmation'],
    message: 'validation.passwordsMatch',
  });

/**
 * Sets a password with an e-mailed token. `invite`: the link came with an office's invitation (a driver's
 * first password), so the button, the message on success and a used or expired link say so.
 */
export function ResetPasswordForm({ token, invite = false, onDone }: { token: string; invite?: boolean; onDone: () => void }) {
  const { t } = useTranslation();
  const reset = useResetPassword();
  const form = useForm<z.infer<typeof resetSchema>>({
    resolver: formResolver(resetSchema),
    defaultValues: { password: '', password_confirmation: '' },
  });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await reset.mutateAsync({ ...values, token });
      toast.success(t(invite ? 'auth.invitePasswordSet' : 'auth.passwordReset'));
      onDone();
    } catch (err) {
      if (invite && isApiError(err) && err.firstError('token')) {
        toast.error(t('auth.inviteLinkInvalid'));
        return;
      }
      toast.error(isApiError(err) && err.status > 0 ? err.message : t('auth.resetFailed'));
    }
  });

  return (
    <form className="form" onSubmit={(event) => void onSubmit(event)} noValidate>
      <InputField label={t('fields.newPassword')} type="password" autoComplete="new-password" error={errors.password?.message} {...form.register('password')} />
      <InputField
        label={t('fields.confirmPassword')}
        type="password"
        autoComplete="new-password"
        error={errors.password_confirmation?.message}
        {...form.register('password_confirmation')}
      />
      <Button type="submit" block loading={reset.isPending}>
        {t(invite ? 'auth.inviteSetPassword' : 'auth.setPassword')}
      </Button>
    </form>
  );
}
