import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import { z } from 'zod';

import { Button } from '@/components/ui/button';
import { InputField } from '@/components/ui/field';
import { isApiError } from '@/lib/api-client';

import { useChangePassword } from '../api/change-password';

// Spec section 5: the new password needs at least 6 characters on change.
const NEW_PASSWORD_MIN = 6;

const schema = z
  .object({
    old_password: z.string().min(1, 'validation.passwordRequired'),
    new_password: z.string().min(NEW_PASSWORD_MIN, 'validation.newPasswordLength'),
    new_password_confirmation: z.string(),
  })
  .refine((values) => values.new_password === values.new_password_confirmation, { path: ['new_password_confirmation'], message: 'validation.passwordsMatch' });

export function ChangePasswordForm() {
  const { t } = useTranslation();
  const change = useChangePassword();
  const form = useForm<z.infer<typeof schema>>({ resolver: zodResolver(schema), defaultValues: { old_password: '', new_password: '', new_password_confirmation: '' } });
  const { errors } = form.formState;
  const message = (key?: string) => (key ? t(key, { min: NEW_PASSWORD_MIN }) : undefined);

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await change.mutateAsync(values);
      toast.success(t('account.passwordUpdated'));
      form.reset();
    } catch (error) {
      toast.error(isApiError(error) && error.status > 0 && error.status !== 404 ? error.message : t('account.passwordFailed'));
    }
  });

  return (
    <form className="form form--narrow" onSubmit={(event) => void onSubmit(event)} noValidate>
      <InputField label={t('fields.oldPassword')} type="password" autoComplete="current-password" error={message(errors.old_password?.message)} {...form.register('old_password')} />
      <InputField label={t('fields.newPassword')} type="password" autoComplete="new-password" error={message(errors.new_password?.message)} {...form.register('new_password')} />
      <InputField label={t('fields.confirmPassword')} type="password" autoComplete="new-password" error={message(errors.new_password_confirmation?.message)} {...form.register('new_password_confirmation')} />
      <Button type="submit" loading={change.isPending}>
        {t('account.updatePassword')}
      </Button>
    </form>
  );
}
