import { useTranslation } from 'react-i18next';

import { answerLeave, useLeaveQuestion } from '@/hooks/use-leave-guard';

import { ConfirmDialog } from './confirm-dialog';

/**
 * The question a screen holding unsaved work asks before the person leaves it (useLeaveGuard), in
 * their language: staying is the first, safe answer. Mounted once by a layout; where none is, the
 * guard asks with the browser's window.confirm.
 */
export function LeavePrompt() {
  const { t } = useTranslation();
  const open = useLeaveQuestion();
  return (
    <ConfirmDialog
      open={open}
      title={t('leaveGuard.title')}
      confirmLabel={t('leaveGuard.leave')}
      cancelLabel={t('leaveGuard.stay')}
      confirmVariant="danger"
      onConfirm={() => answerLeave(true)}
      onCancel={() => answerLeave(false)}
    >
      <p>{t('leaveGuard.text')}</p>
    </ConfirmDialog>
  );
}
