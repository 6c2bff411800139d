import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';

import { Button } from '@/components/ui/button';
import { CheckboxField, InputField } from '@/components/ui/field';
import { PASSWORD_MAX, PASSWORD_MIN } from '@/config/constants';
import { formResolver } from '@/lib/form-resolver';
import { applyServerErrors } from '@/lib/server-errors';
import { toast } from '@/lib/toast';

import { useChangePassword } from '../api/change-password';
import { useEndOtherSessions } from '../api/end-other-sessions';

import { newPasswordRule } from './rules';

// The same strength rule as signing up (issue 4): 8 to 20 characters.
const schema = z
  .object({
    old_password: z.string().min(1, 'account.rules.oldPasswordRequired'),
    password: newPasswordRule,
    password_confirmation: z.string(),
    end_other_sessions: z.boolean(),
  })
  .refine((values) => values.password === values.password_confirmation, { path: ['password_confirmation'], message: 'validation.passwordsMatch' });
type Values = z.infer<typeof schema>;

export function ChangePasswordForm() {
  const { t } = useTranslation();
  const change = useChangePassword();
  const endOthers = useEndOtherSessions();
  const [stillSignedIn, setStillSignedIn] = useState(0);
  const form = useForm<Values>({
    resolver: formResolver(schema),
    defaultValues: { old_password: '', password: '', password_confirmation: '', end_other_sessions: false },
  });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    setStillSignedIn(0);
    try {
      const result = await change.mutateAsync(values);
      form.reset();
      toast.success(t('account.passwordUpdated'));
      if (result.sessions_ended > 0) toast.info(t('account.sessions.ended', { count: result.sessions_ended }));
      setStillSignedIn(result.other_sessions);
    } catch (error) {
      const placed = applyServerErrors(error, form.setError, {
        old_password: 'old_password',
        password: 'password',
        password_confirmation: 'password_confirmation',
      });
      // The spec's toast, with the field errors shown next to their fields.
      toast.error(t('account.passwordFailed'));
      if (!placed) form.setFocus('old_password');
    }
  });

  const endSessions = async () => {
    try {
      const result = await endOthers.mutateAsync();
      setStillSignedIn(0);
      toast.success(t('account.sessions.ended', { count: result.sessions_ended }));
    } catch {
      toast.error(t('account.sessions.endFailed'));
    }
  };

  return (
    <div className="stack">
      <form className="form form--narrow" onSubmit={(event) => void onSubmit(event)} noValidate aria-label={t('account.tabs.password')}>
        <InputField
          label={t('fields.oldPassword')}
          type="password"
          autoComplete="current-password"
          error={errors.old_password?.message}
          {...form.register('old_password')}
        />
        <InputField
          label={t('fields.newPassword')}
          type="password"
          autoComplete="new-password"
          hint={t('auth.passwordHint', { min: PASSWORD_MIN, max: PASSWORD_MAX })}
          error={errors.password?.message}
          {...form.register('password')}
        />
        <InputField
          label={t('fields.confirmPassword')}
          type="password"
          autoComplete="new-password"
          error={errors.password_confirmation?.message}
          {...form.register('password_confirmation')}
        />
        <CheckboxField label={t('account.sessions.endWithPassword')} {...form.register('end_other_sessions')} />
        <Button type="submit" loading={change.isPending}>
          {t('account.updatePassword')}
        </Button>
      </form>
      {stillSignedIn > 0 ? (
        <div className="notice" role="status">
          <p>{t('account.sessions.offer', { count: stillSignedIn })}</p>
          <Button variant="secondary" size="sm" loading={endOthers.isPending} onClick={() => void endSessions()}>
            {t('account.sessions.endOthers')}
          </Button>
        </div>
      ) : null}
    </div>
  );
}
