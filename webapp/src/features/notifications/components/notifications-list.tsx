import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';

import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/states';
import type { Currency } from '@/config/constants';
import { paths } from '@/config/paths';
import { useDetailSeparator } from '@/hooks/use-detail-separator';
import { useLanguage } from '@/hooks/use-language';
import { formatCalendarDate, formatDate, formatMoney, isolate } from '@/utils/format';
import { formatPlate } from '@/utils/plate';

import { useMarkAllRead, useNotifications, type Notification } from '../api/notifications';
import { useNotificationsT } from './messages';
import './notifications.css';

/** A driver's own notifications lead to their trips, not to an order page they cannot read. */
const DRIVER_KINDS = new Set(['trip_given', 'trip_taken_away', 'trip_called_off', 'trip_handed_to_you', 'trip_moved_away', 'trip_retimed_away', 'trip_taken_off']);

/**
 * The message key of a notification: a trip that left a driver's list says why, with who moved it
 * or the office's words when there are some.
 */
function kindKey(n: Notification): string {
  if (n.kind === 'trip_moved_away') return n.params.by === 'office' ? 'trip_moved_away_office' : 'trip_moved_away_traveller';
  if (n.kind === 'trip_taken_off' && n.params.reason) return 'trip_taken_off_why';
  return n.kind;
}

/** The bell's panel: the newest updates about the user's trips, unread first marked, and "mark all read". */
export function NotificationsList({ empty, onNavigate }: { empty: ReactNode; onNavigate: () => void }) {
  const { t } = useNotificationsT();
  const language = useLanguage();
  const separator = useDetailSeparator();
  const inbox = useNotifications(true);
  const mark = useMarkAllRead();
  if (inbox.isError) return <EmptyState compact icon="alert" title={t('failed')} />;
  if (!inbox.data) return null;
  const { items, unread } = inbox.data;
  if (items.length === 0) return <>{empty}</>;
  return (
    <div className="stack notifications" data-testid="notifications" data-unread={unread}>
      <div className="notifications__head">
        <p className="muted small">{t('unread', { count: unread })}</p>
        {unread > 0 ? (
          <Button size="sm" variant="secondary" loading={mark.isPending} onClick={() => mark.mutate(items[0]?.id ?? 0)}>
            {t('markAllRead')}
          </Button>
        ) : null}
      </div>
      <ol className="notifications__list">
        {items.map((n) => (
          <li key={n.id} className={n.read ? 'notification' : 'notification is-unread'} data-kind={n.kind} data-read={n.read}>
            <Link to={DRIVER_KINDS.has(n.kind) ? paths.driver : paths.order(n.order_id)} onClick={onNavigate} className="notification__link">
              <span className="notification__text">
                {n.read ? null : <span className="notification__new">{t('new')}</span>}
                <NotificationText notification={n} />
              </span>
              <span className="notification__meta muted small">
                <span dir="ltr">{n.order_id}</span>
                {separator}
                <time dateTime={n.at}>{t('cairoTime', { time: formatDate(n.at, language, { dateStyle: 'medium', timeStyle: 'short' }) })}</time>
              </span>
            </Link>
          </li>
        ))}
      </ol>
    </div>
  );
}

function NotificationText({ notification: n }: { notification: Notification }) {
  const { t } = useNotificationsT();
  const language = useLanguage();
  const p = n.params;
  const arabic = language === 'ar';
  return (
    <>
      {t(`kinds.${kindKey(n)}`, {
        defaultValue: n.kind,
        driver: (arabic && p.driver_ar) || p.driver,
        vehicle: (arabic && p.vehicle_ar) || p.vehicle,
        plate: p.plate ? formatPlate(p.plate, language) : p.plate,
        place: (arabic && p.place_ar) || p.place,
        amount: p.amount ? formatMoney(p.amount.minor / 100, p.amount.currency as Currency, language) : '',
        day: p.day ? formatCalendarDate(p.day, language, { weekday: 'long', day: 'numeric', month: 'long' }) : '',
        trip: p.trip ? isolate(p.trip) : '',
        from: p.start_at ? formatDate(p.start_at, language, { timeStyle: 'short' }) : '',
        to: p.end_at ? formatDate(p.end_at, language, { timeStyle: 'short' }) : '',
        // The office's own words, in whichever language they typed them.
        reason: p.reason ? isolate(p.reason) : '',
        time: p.start_at ? t('cairoTime', { time: formatDate(p.start_at, language, { dateStyle: 'medium', timeStyle: 'short' }) }) : '',
      })}
    </>
  );
}
