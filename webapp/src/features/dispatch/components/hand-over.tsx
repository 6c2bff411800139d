import { useState } from 'react';

import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { SelectField, TextAreaField } from '@/components/ui/field';
import { REASON_MAX } from '@/config/constants';
import { useLanguage } from '@/hooks/use-language';
import { useLeaveGuard } from '@/hooks/use-leave-guard';
import { isApiError } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { formatDate, formatNumber, isolate } from '@/utils/format';

import { handOverTrip, useDispatchAction, type BoardDriver, type Trip } from '../api/trips';
import { useDispatchT } from './messages';

/**
 * A trip on the road goes on with another driver (the car broke down, the driver fell ill): the
 * admin picks a driver who works that day and says why. The server decides; a refusal is shown in
 * the dialog, which stays open to choose again.
 */
export function HandOver({ trip, drivers }: { trip: Trip; drivers: BoardDriver[] }) {
  const { t } = useDispatchT();
  const language = useLanguage();
  const [open, setOpen] = useState(false);
  const [driverId, setDriverId] = useState('');
  const [reason, setReason] = useState('');
  const [refusal, setRefusal] = useState('');
  const [missing, setMissing] = useState<{ driver?: boolean; reason?: boolean }>({});
  // The choice travels as the action's input: a second choice after a refusal is another action with
  // its own Idempotency-Key (lib/command.ts), never the first one's key sent with another body.
  const handOver = useDispatchAction((input: { driverId: string; reason: string }) => handOverTrip(trip.order_id, input.driverId, input.reason));
  // A reason typed and not sent (kept when the dialog closes): leaving the board asks first.
  useLeaveGuard(reason.trim() !== '' && !handOver.isPending);
  // Only drivers at work that day can take it; the server checks the rest (their day, their car).
  const others = drivers.filter((d) => d.id !== trip.driver?.id && d.works_that_day);
  const close = () => {
    setOpen(false);
    setRefusal('');
    setMissing({});
  };
  const send = () => {
    const lacking = { driver: !driverId, reason: !reason.trim() };
    setMissing(lacking);
    if (lacking.driver || lacking.reason) return;
    handOver.mutate({ driverId, reason }, {
      onSuccess: () => {
        close();
        setDriverId('');
        setReason('');
        toast.success(t('handover.done'));
      },
      onError: (error) => setRefusal(isApiError(error) ? error.message : String(error)),
    });
  };
  return (
    <>
      <Button size="sm" variant="secondary" onClick={() => setOpen(true)} data-testid="hand-over">
        {t('handover.action')}
      </Button>
      <ConfirmDialog
        open={open}
        title={t('handover.title', { trip: isolate(trip.order_id) })}
        confirmLabel={t('handover.confirm')}
        cancelLabel={t('handover.cancel')}
        loading={handOver.isPending}
        onCancel={close}
        onConfirm={send}
      >
        <p>{t('handover.text')}</p>
        <SelectField
          label={t('handover.driver')}
          value={driverId}
          placeholder={t('board.choose')}
          options={others.map((d) => ({
            value: d.id,
            label: `${d.name} (${t('board.works', { trips: formatNumber(d.trips, language), perDay: formatNumber(d.trips_per_day, language) })})`,
          }))}
          error={missing.driver ? t('handover.driverRequired') : undefined}
          onChange={(event) => setDriverId(event.target.value)}
          data-testid="hand-over-driver"
        />
        <TextAreaField
          label={t('handover.reason')}
          value={reason}
          maxLength={REASON_MAX}
          rows={2}
          required
          error={missing.reason ? t('handover.reasonRequired') : undefined}
          onChange={(event) => setReason(event.target.value)}
          data-testid="hand-over-reason"
        />
        {refusal ? (
          <p className="dispatch-refusal__text" role="alert" data-testid="hand-over-refusal">
            {refusal}
          </p>
        ) : null}
      </ConfirmDialog>
    </>
  );
}

/** "Handed over from Karim Adel at 11:20 (Cairo time): flat tyre", for staff. */
export function HandoverNote({ trip }: { trip: Trip }) {
  const { t } = useDispatchT();
  const language = useLanguage();
  const h = trip.handover;
  if (!h) return null;
  return (
    <p className="dispatch-override" data-testid="handover-note">
      {t('handover.note', {
        from: isolate((language === 'ar' && h.from_ar) || h.from),
        time: formatDate(h.at, language, { timeStyle: 'short' }),
        reason: h.reason,
      })}
    </p>
  );
}
