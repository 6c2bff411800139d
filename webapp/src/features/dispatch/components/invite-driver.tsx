import { useState, type SyntheticEvent } from 'react';

import { Button } from '@/components/ui/button';
import { useLanguage } from '@/hooks/use-language';
import { useLeaveGuard } from '@/hooks/use-leave-guard';
import { isApiError } from '@/lib/api-client';
import { formatDate } from '@/utils/format';

import { inviteDriver, useDispatchAction, type BoardDriver, type DriverInvitation } from '../api/trips';
import { useDispatchT } from './messages';

/**
 * The driver's record's "Invite by e-mail": gives a driver without a sign-in account one. The server
 * decides (an e-mail that is a traveller's or staff account is refused, in the admin's language); the
 * answer stays shown under the field: invited and not signed in yet, or an existing account linked.
 */
export function InviteDriver({ driver }: { driver: BoardDriver }) {
  const { t } = useDispatchT();
  const language = useLanguage();
  const [email, setEmail] = useState('');
  const [problem, setProblem] = useState('');
  const [done, setDone] = useState<DriverInvitation | null>(null);
  const invite = useDispatchAction((address: string) => inviteDriver(driver.id, address, driver.account_version));
  // An address typed and not sent: leaving the board asks first.
  useLeaveGuard(email.trim() !== '' && !invite.isPending);
  const submit = (event: SyntheticEvent) => {
    event.preventDefault();
    if (!email.trim()) {
      setProblem(t('board.inviteEmailRequired'));
      return;
    }
    setProblem('');
    invite.mutate(email, {
      onSuccess: (answer) => {
        setDone(answer as DriverInvitation);
        setEmail('');
      },
      onError: (error) => {
        setProblem(isApiError(error) ? (error.errors.email?.[0] ?? error.message) : String(error));
      },
    });
  };
  return (
    <form className="dispatch-invite" onSubmit={submit} noValidate>
      <div className="dispatch-actions">
        <input
          className="input"
          type="email"
          dir="ltr"
          aria-label={t('board.inviteLabel')}
          placeholder={t('board.inviteLabel')}
          value={email}
          aria-invalid={problem ? true : undefined}
          onChange={(event) => setEmail(event.target.value)}
        />
        <Button size="sm" variant="ghost" type="submit" loading={invite.isPending}>
          {t('board.invite')}
        </Button>
      </div>
      {problem ? (
        <p className="field__error" role="alert">
          {problem}
        </p>
      ) : null}
      {done ? (
        <p className="muted" role="status" data-testid="invitation-state">
          {done.invited
            ? t('board.invited', {
                email: done.email,
                until: formatDate(done.invitation_valid_until ?? '', language, { dateStyle: 'medium', timeStyle: 'short' }),
              })
            : t('board.inviteLinked', { email: done.email })}
        </p>
      ) : null}
    </form>
  );
}
