import { cairoToday } from '@/utils/cairo-day';
import { isolate } from '@/utils/format';

import { useTripsBoard } from '../api/trips';
import { InviteDriver } from './invite-driver';
import { useDispatchT } from './messages';
import { LinkAccountForm } from './trips-board';
import './dispatch.css';

/**
 * A driver's record's sign-in account (the admin's driver edit page): invite the driver by e-mail or
 * link an account they have, the same forms as on the trips board. `added` names a driver just
 * created, to say what comes next.
 */
export function DriverAccount({ driverId, added }: { driverId: string; added?: string }) {
  const { t } = useDispatchT();
  // The board lists every active driver with their account's e-mail and version (sent as If-Match).
  const board = useTripsBoard(cairoToday());
  const driver = board.data?.drivers.find((d) => d.id === driverId);
  return (
    <section className="card stack" aria-labelledby="driver-account-title" data-testid="driver-account">
      <h2 id="driver-account-title" className="section-title">
        {t('board.accountTitle')}
      </h2>
      {added ? (
        <p className="form__message" role="status">
          {t('board.accountAdded', { name: isolate(added) })}
        </p>
      ) : (
        <p className="muted">{t('board.accountLead')}</p>
      )}
      {board.data && !driver ? <p className="muted">{t('board.accountNotListed')}</p> : null}
      {driver ? (
        <>
          <LinkAccountForm driver={driver} />
          <InviteDriver driver={driver} />
        </>
      ) : null}
    </section>
  );
}
