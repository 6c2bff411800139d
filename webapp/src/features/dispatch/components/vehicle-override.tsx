import { useState } from 'react';

import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { InputField } from '@/components/ui/field';
import { useLanguage } from '@/hooks/use-language';
import { useLeaveGuard } from '@/hooks/use-leave-guard';
import { isApiError } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { formatCalendarDate, formatDate, formatNumber, isolate } from '@/utils/format';

import { assignDriver, carTooSmallOf, useDispatchAction, type CarTooSmall, type Trip } from '../api/trips';
import { useDispatchT } from './messages';

/** A refusal the server gave to an assignment; seats is set when it was the car's seats, which staff may override. */
export interface Refusal {
  orderId: string;
  /** The driver the assignment was refused for. */
  driverId: string;
  message: string;
  seats: (CarTooSmall & { driver: string }) | null;
}

interface AssignInput {
  orderId: string;
  driverId: string;
  override?: string;
}

/**
 * Assigning a driver from the planner or the board. A car with too few seats is refused with the
 * server's reason (in the reader's language); staff may then send it anyway, after a confirmation that
 * says the car's seats and the trip's need and asks why (the assignment records the reason).
 */
export function useAssignment() {
  const { t } = useDispatchT();
  const [refusal, setRefusal] = useState<Refusal | null>(null);
  const [pending, setPending] = useState<string | null>(null);
  const [asking, setAsking] = useState<Refusal | null>(null);
  const mutation = useDispatchAction((input: AssignInput) => assignDriver(input.orderId, input.driverId, input.override));
  const assign = (orderId: string, driverId: string, driver: string, override?: string) => {
    setRefusal(null);
    setPending(orderId);
    mutation.mutate(
      { orderId, driverId, override },
      {
        onSuccess: () => {
          setAsking(null);
          toast.success(override ? t('override.done') : t('board.assigned'));
        },
        onError: (error) => {
          const seats = carTooSmallOf(error);
          const message = seats?.message ?? (isApiError(error) ? error.message : String(error));
          setRefusal({ orderId, driverId, message, seats: seats ? { ...seats, driver } : null });
          setAsking(null);
          toast.error(message);
        },
        onSettled: () => setPending(null),
      },
    );
  };
  const dialog = (
    <OverrideDialog
      refusal={asking}
      loading={mutation.isPending}
      onCancel={() => setAsking(null)}
      onConfirm={(reason) => {
        if (asking?.seats) assign(asking.orderId, asking.driverId, asking.seats.driver, reason);
      }}
    />
  );
  return { assign, pending, refusal, override: (r: Refusal) => setAsking(r), dialog };
}

function OverrideDialog({ refusal, loading, onCancel, onConfirm }: { refusal: Refusal | null; loading: boolean; onCancel: () => void; onConfirm: (reason: string) => void }) {
  const { t } = useDispatchT();
  const language = useLanguage();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | undefined>();
  const seats = refusal?.seats;
  // A reason typed in the open dialog, not sent: Back asks first.
  useLeaveGuard(Boolean(seats) && reason.trim() !== '' && !loading);
  const n = (value: number) => formatNumber(value, language);
  const close = () => {
    setReason('');
    setError(undefined);
    onCancel();
  };
  return (
    <ConfirmDialog
      open={Boolean(seats)}
      title={t('override.title')}
      confirmLabel={seats ? t('override.confirm', { seats: n(seats.seats), needed: n(seats.needed) }) : ''}
      cancelLabel={t('override.cancel')}
      confirmVariant="danger"
      loading={loading}
      onCancel={close}
      onConfirm={() => {
        if (!reason.trim()) {
          setError(t('override.reasonRequired'));
          return;
        }
        onConfirm(reason.trim());
        setReason('');
        setError(undefined);
      }}
    >
      {seats ? (
        <div className="stack" data-testid="override-dialog">
          <p data-testid="override-text">{t('override.text', { driver: isolate(seats.driver), seats: n(seats.seats), needed: n(seats.needed) })}</p>
          <p className="muted small">{refusal.message}</p>
          <InputField
            label={t('override.reason')}
            value={reason}
            error={error}
            onChange={(event) => {
              setReason(event.target.value);
              if (event.target.value.trim()) setError(undefined);
            }}
            data-testid="override-reason"
          />
        </div>
      ) : null}
    </ConfirmDialog>
  );
}

/** The refusal of an assignment on its trip, with "Assign anyway…" when it was the seats and staff may assign. */
export function RefusalNote({ refusal, canOverride, onOverride }: { refusal: Refusal; canOverride: boolean; onOverride: (r: Refusal) => void }) {
  const { t } = useDispatchT();
  return (
    <div className="dispatch-refusal" role="alert" data-testid="planner-refusal">
      <p className="dispatch-refusal__text">{refusal.message}</p>
      {refusal.seats && canOverride ? (
        <Button size="sm" variant="secondary" className="btn--wrap" onClick={() => onOverride(refusal)} data-testid="override-open">
          {t('override.anyway')}
        </Button>
      ) : null}
    </div>
  );
}

/**
 * Why a trip without a driver lost the one it had, so staff know what to fix before assigning again:
 * a rule's reason in the reader's language (the new day as the admin writes dates; the other trip's
 * times on Cairo's clock), an operator's words, or the recorded text of a reason this page cannot say.
 */
export function TakenOffNote({ trip }: { trip: Trip }) {
  const { t } = useDispatchT();
  const language = useLanguage();
  if (trip.driver) return null;
  const cause = trip.released_cause;
  let reason = trip.released_reason ?? '';
  if (cause?.code === 'moved_to_day' && cause.day) {
    reason = t('override.movedToDay', { day: formatCalendarDate(cause.day, language) });
  } else if (cause?.code === 'times_overlap' && cause.trip && cause.start_at && cause.end_at) {
    const clock = (at: string) => formatDate(at, language, { timeStyle: 'short' });
    reason = t('override.timesOverlap', { trip: isolate(cause.trip), from: clock(cause.start_at), to: clock(cause.end_at) });
  }
  if (!reason) return null;
  return (
    <p className="dispatch-override" data-testid="taken-off">
      {t('override.takenOff', { reason })}
    </p>
  );
}

/** What an assignment overrode ("Assigned despite: 4 seats for 7 needed") and why; nothing when the car fitted. */
export function OverrideNote({ trip }: { trip: Trip }) {
  const { t } = useDispatchT();
  const language = useLanguage();
  const o = trip.vehicle_override;
  if (!o || !trip.driver) return null;
  return (
    <p className="dispatch-override" data-testid="vehicle-override">
      <strong>{t('override.despite', { seats: formatNumber(o.seats, language), needed: formatNumber(o.needed, language) })}</strong>{' '}
      <span>{t('override.why', { reason: o.reason })}</span>
    </p>
  );
}
