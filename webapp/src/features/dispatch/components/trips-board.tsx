import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { useSearchParams } from 'react-router-dom';

import { Button, ButtonLink } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { TextAreaField } from '@/components/ui/field';
import { REASON_MAX } from '@/config/constants';
import { cairoToday, DayPicker } from '@/components/ui/day-picker';
import { PageHeader } from '@/components/ui/page-header';
import { EmptyState } from '@/components/ui/states';
import { paths } from '@/config/paths';
import { useLanguage } from '@/hooks/use-language';
import { isApiError } from '@/lib/api-client';
import { formResolver } from '@/lib/form-resolver';
import { live } from '@/lib/live';
import { toast } from '@/lib/toast';
import { formatDate, formatNumber, isolate } from '@/utils/format';
import { formatPlate } from '@/utils/plate';
import { useDetailSeparator } from '@/hooks/use-detail-separator';
import { useRouteArrow } from '@/hooks/use-route-arrow';

import {
  assignInputSchema,
  linkAccountInputSchema,
  linkDriverAccount,
  ON_THE_ROAD,
  tripPlaces,
  unassignDriver,
  useDispatchAction,
  useTripsBoard,
  type AssignInput,
  type BoardDriver,
  type LinkAccountInput,
  type Trip,
} from '../api/trips';
import { HandOver, HandoverNote } from './hand-over';
import { InviteDriver } from './invite-driver';
import { useDispatchT } from './messages';
import { OverrideNote, RefusalNote, TakenOffNote, useAssignment } from './vehicle-override';
import './dispatch.css';

function onError(error: unknown) {
  toast.error(isApiError(error) ? error.message : String(error));
}

/**
 * One cell of the board's tables. On a phone each row is a card and each cell a line of it, led by
 * its label (the column's heading, which the table's own header gives a wide screen).
 */
function Cell({ label, children }: { label: string; children: ReactNode }) {
  return (
    <td>
      <span className="dispatch-table__label" aria-hidden="true">
        {label}
      </span>
      <div className="dispatch-table__value">{children}</div>
    </td>
  );
}

function Head({ labels }: { labels: string[] }) {
  return (
    <thead>
      <tr>
        {labels.map((label) => (
          <th key={label} scope="col">
            {label}
          </th>
        ))}
      </tr>
    </thead>
  );
}

/**
 * /admin/trip: the day's confirmed trips with their drivers; with canAssign (admins), assignment and
 * the drivers' accounts too. Without it the board is read-only: the server refuses those changes.
 */
export function TripsBoard({ canAssign }: { canAssign: boolean }) {
  const { t } = useDispatchT();
  // ?date= opens the board on that day (the dashboard's "trips tomorrow without a driver" links here).
  const [params] = useSearchParams();
  const asked = params.get('date');
  const [date, setDate] = useState(() => (asked && /^\d{4}-\d{2}-\d{2}$/.test(asked) ? asked : cairoToday()));
  const board = useTripsBoard(date);
  const { refetch } = board;
  useEffect(() => live.subscribe('trip.progress', () => void refetch()), [refetch]);
  return (
    <>
      <PageHeader title={t('board.title')} lead={t('board.lead')} />
      <div className="stack">
        <div className="form form--grid">
          <DayPicker label={t('board.date')} value={date} onChange={setDate} testId="board-date" />
        </div>
        <div className="dispatch-actions">
          <ButtonLink to={paths.admin.manifestFor(date)} variant="secondary" data-testid="board-manifest">
            {t('board.manifest')}
          </ButtonLink>
          <ButtonLink to={`${paths.admin.planner}?from=${encodeURIComponent(date)}`} variant="secondary" data-testid="board-planner">
            {t('planner.title')}
          </ButtonLink>
        </div>
        {board.data ? (
          board.data.data.length === 0 ? (
            <EmptyState icon="calendar" title={t('board.empty')} />
          ) : (
            <table className="dispatch-table" data-testid="trips-board">
              <caption className="visually-hidden">{t('board.title')}</caption>
              <Head labels={[t('board.columns.trip'), t('board.columns.traveller'), t('board.columns.status'), t('board.driver')]} />
              <tbody>
                {board.data.data.map((trip) => (
                  <BoardRow key={trip.order_id} trip={trip} drivers={board.data.drivers} canAssign={canAssign} />
                ))}
              </tbody>
            </table>
          )
        ) : null}
        {board.data ? <Drivers drivers={board.data.drivers} canAssign={canAssign} /> : null}
      </div>
    </>
  );
}

function BoardRow({ trip, drivers, canAssign }: { trip: Trip; drivers: BoardDriver[]; canAssign: boolean }) {
  const arrow = useRouteArrow();
  const { t } = useDispatchT();
  const language = useLanguage();
  const form = useForm<AssignInput>({ mode: 'onChange', resolver: formResolver(assignInputSchema), defaultValues: { driverId: '' } });
  // A car with too few seats is refused with its reason; an admin may send it anyway (useAssignment).
  const assignment = useAssignment();
  // The driver as the board showed them when the assignment was sent: a refusal about them (no
  // account linked, a full day) stays said only while they are still so.
  const [sentFor, setSentFor] = useState('');
  const driverNow = (id: string) => JSON.stringify(drivers.find((d) => d.id === id) ?? null);
  const sendAssign = form.handleSubmit((input) => {
    setSentFor(driverNow(input.driverId));
    assignment.assign(trip.order_id, input.driverId, drivers.find((d) => d.id === input.driverId)?.name ?? '');
  });
  const refusal = assignment.refusal && driverNow(assignment.refusal.driverId) === sentFor ? assignment.refusal : null;
  const [reason, setReason] = useState('');
  const unassign = useDispatchAction((why: string) => unassignDriver(trip.order_id, why));
  const [confirmUnassign, setConfirmUnassign] = useState(false);
  const places = tripPlaces(trip, language);
  const name = trip.stop > 0 ? places.stops[trip.stop - 1] : '';
  const driverName = trip.driver ? (language === 'ar' && trip.driver.name_ar) || trip.driver.name : '';
  return (
    <tr data-testid={`trip-${trip.order_id}`} data-status={trip.status}>
      <Cell label={t('board.columns.trip')}>
        <strong dir="ltr">{trip.order_id}</strong>
        <div className="muted">{t('driver.cairoTime', { time: formatDate(trip.start_at, language, { timeStyle: 'short' }) })}</div>
      </Cell>
      <Cell label={t('board.columns.traveller')}>
        <bdi>{trip.customer}</bdi>
        <div className="muted">
          {[places.pickup, ...places.stops].map((place, i) => (
            <span key={i}>
              {i > 0 ? arrow : null}
              <bdi>{place}</bdi>
            </span>
          ))}
        </div>
      </Cell>
      <Cell label={t('board.columns.status')}>{t(`status.${trip.status}`, { stop: trip.stop, name })}</Cell>
      <Cell label={t('board.driver')}>
        {trip.driver ? (
          <div className="dispatch-actions">
            <bdi>{driverName}</bdi>
            <OverrideNote trip={trip} />
            <HandoverNote trip={trip} />
            {canAssign && ON_THE_ROAD.has(trip.status) ? <HandOver trip={trip} drivers={drivers} /> : null}
            {canAssign && trip.status === 'assigned' ? (
              <>
                <Button size="sm" variant="ghost" loading={unassign.isPending} onClick={() => setConfirmUnassign(true)} data-testid="unassign">
                  {t('board.unassign')}
                </Button>
                {/* The driver may already be on their way: never taken off on one tap. */}
                <ConfirmDialog
                  open={confirmUnassign}
                  title={t('board.unassignTitle')}
                  confirmLabel={t('board.unassign')}
                  cancelLabel={t('board.keepDriver')}
                  confirmVariant="danger"
                  loading={unassign.isPending}
                  onCancel={() => setConfirmUnassign(false)}
                  onConfirm={() =>
                    unassign.mutate(reason, {
                      onSuccess: () => {
                        setConfirmUnassign(false);
                        setReason('');
                        toast.success(t('board.unassigned'));
                      },
                      onError: (error) => {
                        setConfirmUnassign(false);
                        onError(error);
                      },
                    })
                  }
                >
                  <p data-testid="unassign-text">{t('board.unassignText', { driver: isolate(driverName), trip: isolate(trip.order_id) })}</p>
                  <TextAreaField label={t('board.unassignReason')} value={reason} maxLength={REASON_MAX} rows={2} onChange={(event) => setReason(event.target.value)} data-testid="unassign-reason" />
                </ConfirmDialog>
              </>
            ) : null}
          </div>
        ) : !canAssign ? (
          <>
            <span className="muted">{t('status.unassigned')}</span>
            <TakenOffNote trip={trip} />
          </>
        ) : (
          <div className="dispatch-actions">
            <TakenOffNote trip={trip} />
            <select className="input input--select" aria-label={t('board.driver')} data-testid="driver-select" {...form.register('driverId')}>
              <option value="">{t('board.choose')}</option>
              {drivers.map((d) => (
                <option key={d.id} value={d.id} disabled={!d.works_that_day}>
                  {d.name} ({d.works_that_day ? t('board.works', { trips: formatNumber(d.trips, language), perDay: formatNumber(d.trips_per_day, language) }) : t('board.off')})
                </option>
              ))}
            </select>
            <Button size="sm" disabled={!form.formState.isValid} loading={assignment.pending === trip.order_id} onClick={() => void sendAssign()}>
              {t('board.assign')}
            </Button>
            {refusal ? <RefusalNote refusal={refusal} canOverride={canAssign} onOverride={assignment.override} /> : null}
          </div>
        )}
        {assignment.dialog}
      </Cell>
    </tr>
  );
}

function Drivers({ drivers, canAssign }: { drivers: BoardDriver[]; canAssign: boolean }) {
  const { t } = useDispatchT();
  return (
    <section className="stack">
      <h2>{t('board.drivers')}</h2>
      <table className="dispatch-table" data-testid="drivers">
        <caption className="visually-hidden">{t('board.drivers')}</caption>
        <Head labels={[t('board.driver'), t('board.columns.day'), t('board.account')]} />
        <tbody>
          {drivers.map((d) => (
            <DriverRow key={d.id} driver={d} canAssign={canAssign} />
          ))}
        </tbody>
      </table>
    </section>
  );
}

function DriverRow({ driver, canAssign }: { driver: BoardDriver; canAssign: boolean }) {
  const separator = useDetailSeparator();
  const { t } = useDispatchT();
  const language = useLanguage();
  return (
    <tr data-testid={`driver-${driver.id}`}>
      <Cell label={t('board.driver')}>
        <strong>
          <bdi>{driver.name}</bdi>
        </strong>
        <div className="muted">
          <bdi dir="ltr">{driver.phone}</bdi>{separator}<bdi>{driver.vehicle}</bdi>{separator}<bdi dir="auto" data-testid="driver-plate">{formatPlate(driver.plate, language)}</bdi>
        </div>
      </Cell>
      <Cell label={t('board.columns.day')}>{driver.works_that_day ? t('board.works', { trips: formatNumber(driver.trips, language), perDay: formatNumber(driver.trips_per_day, language) }) : t('board.off')}</Cell>
      <Cell label={t('board.account')}>
        {canAssign ? (
          <>
            <LinkAccountForm driver={driver} />
            <InviteDriver driver={driver} />
          </>
        ) : driver.account_email ? <bdi dir="ltr">{driver.account_email}</bdi> : <span>{t('board.noAccount')}</span>}
      </Cell>
    </tr>
  );
}

export function LinkAccountForm({ driver }: { driver: BoardDriver }) {
  const { t } = useDispatchT();
  const form = useForm<LinkAccountInput>({
    mode: 'onChange',
    resolver: formResolver(linkAccountInputSchema),
    defaultValues: { email: driver.account_email ?? '' },
  });
  const queryClient = useQueryClient();
  // Sent with the link's version the board was loaded at: another admin's link since is refused, and
  // the board is read again so that the next try is made over what is there now.
  const link = useDispatchAction((input: LinkAccountInput) => linkDriverAccount(driver.id, input.email, driver.account_version));
  const sendLink = form.handleSubmit((input) =>
    link.mutate(input, {
      onSuccess: () => toast.success(t('board.linked')),
      onError: (error) => {
        onError(error);
        if (isApiError(error) && error.status === 409) void queryClient.invalidateQueries({ queryKey: ['dispatch', 'board'] });
      },
    }),
  );
  return (
    <form className="dispatch-actions" onSubmit={(event) => void sendLink(event)}>
      <input className="input" type="email" dir="ltr" aria-label={t('board.account')} placeholder={t('board.noAccount')} {...form.register('email')} />
      <Button size="sm" variant="ghost" type="submit" loading={link.isPending} disabled={!form.formState.isValid}>
        {t('board.link')}
      </Button>
    </form>
  );
}
