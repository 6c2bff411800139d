import { Fragment, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { Icon, type IconName } from '@/components/ui/icon';
import { Photo } from '@/components/ui/photo';
import { useLanguage } from '@/hooks/use-language';
import { cx } from '@/utils/cx';
import { formatDate, formatDistanceKm, formatDuration, formatHours, formatNumber } from '@/utils/format';
import { useDetailSeparator } from '@/hooks/use-detail-separator';

import type { Cart, Leg, RoutePoint } from '../api/get-cart';
import type { MoveDirection } from '../api/move-cart-item';
import { useCartActions } from '../hooks/use-cart-actions';
import { stopRows } from '../utils/route';

import './cart.css';

interface ItineraryProps {
  cart: Cart;
  /** The drawer shows less: no arrival times, smaller photos. */
  compact?: boolean;
}

export function formatClockTime(iso: string, language: 'en' | 'ar'): string {
  return formatDate(iso, language, { timeStyle: 'short' });
}

function LegRow({ leg }: { leg: Leg }) {
  const { t } = useTranslation();
  const language = useLanguage();
  return (
    <li className="itinerary__leg" data-testid="cart-leg">
      <Icon name="car" size={16} />
      <span>{t('cart.leg', { distance: formatDistanceKm(leg.distance, language), duration: formatDuration(leg.duration, language) })}</span>
    </li>
  );
}

function PointRow({ point, role }: { point: RoutePoint; role: 'start' | 'end' }) {
  const separator = useDetailSeparator();
  const { t } = useTranslation();
  const note = role === 'start' ? (point.default ? t('cart.defaultPickup') : null) : point.same_as_start ? t('cart.sameAsStart') : null;
  return (
    <li className="itinerary__point">
      <span className="itinerary__marker itinerary__marker--point" aria-hidden="true">
        <Icon name="pin" size={16} />
      </span>
      <span>
        <span className="itinerary__label">{role === 'start' ? t('cart.start') : t('cart.end')}</span>{' '}
        <strong>{point.name}</strong>
        {note ? <span className="muted small">{separator}{note}</span> : null}
      </span>
    </li>
  );
}

type StopControl = MoveDirection | 'remove';

interface StopButtonProps {
  stop: string;
  control: StopControl;
  icon: IconName;
  label: string;
  disabled?: boolean;
  /** A change is saving: the button refuses presses but keeps the keyboard's focus (aria-disabled, not disabled). */
  busy: true | undefined;
  danger?: boolean;
  onPress: () => void;
}

/** One of a stop's buttons, found again by its stop and control when focus is put back after a change. */
function StopButton({ stop, control, icon, label, disabled, busy, danger, onPress }: StopButtonProps) {
  return (
    <button
      type="button"
      className={cx('icon-button', danger && 'icon-button--danger')}
      onClick={onPress}
      disabled={disabled}
      aria-disabled={busy}
      aria-label={label}
      data-stop-id={stop}
      data-stop-control={control}
    >
      <Icon name={icon} size={18} />
    </button>
  );
}

/** Where keyboard focus goes once the cart has changed: a stop's control, or the first of those stops that is still there. */
interface FocusRequest {
  stops: string[];
  control: StopControl;
}

/** The controls tried, in order, when the one asked for is not there or cannot be used (a stop now first or last). */
const FALLBACK: Record<StopControl, StopControl[]> = { up: ['up', 'down', 'remove'], down: ['down', 'up', 'remove'], remove: ['remove', 'up', 'down'] };

/**
 * The stop ids to focus after removing stop id from ids: the one that takes its place, then the ones
 * before it, nearest first.
 */
export function neighboursOf(ids: readonly string[], id: string): string[] {
  const at = ids.indexOf(id);
  if (at < 0) return [];
  return [...ids.slice(at + 1), ...ids.slice(0, at).reverse()];
}

/**
 * The itinerary: start point, each stop with the drive that reaches it, the
 * end point; every stop can move up or down one place or be removed.
 * While a change is saved the controls refuse clicks but stay focusable (a disabled button would
 * throw focus to the page); once saved, focus stays on the moved stop's control (or goes to the
 * stop that took a removed one's place) and the change is announced.
 */
export function Itinerary({ cart, compact }: ItineraryProps) {
  const { t } = useTranslation();
  const language = useLanguage();
  const actions = useCartActions();
  const { rows, legOut } = stopRows(cart);
  const secondDay = cart.trip_calculations?.second_day_from ?? null;
  const last = rows.length - 1;
  const list = useRef<HTMLOListElement>(null);
  const [focusRequest, setFocusRequest] = useState<FocusRequest | null>(null);
  const [announcement, setAnnouncement] = useState('');
  useEffect(() => {
    if (!focusRequest || !list.current) return;
    for (const id of focusRequest.stops) {
      for (const control of FALLBACK[focusRequest.control]) {
        const button = list.current.querySelector<HTMLButtonElement>(`[data-stop-control="${control}"][data-stop-id="${CSS.escape(id)}"]`);
        if (button && !button.disabled) {
          button.focus();
          return;
        }
      }
    }
    list.current.focus();
  }, [focusRequest, cart]);
  const move = (id: string, name: string, direction: MoveDirection) => {
    if (actions.pending) return;
    actions.move(id, direction, (moved) => {
      const at = moved.data.findIndex((item) => item.id === id);
      setFocusRequest({ stops: [id], control: direction });
      if (at >= 0) {
        setAnnouncement(t('cart.movedTo', { name, position: formatNumber(at + 1, language), count: formatNumber(moved.data.length, language) }));
      }
    });
  };
  const remove = (id: string, name: string) => {
    if (actions.pending) return;
    const stops = neighboursOf(rows.map((row) => row.item.id), id);
    actions.remove(id, () => {
      setFocusRequest({ stops, control: 'remove' });
      setAnnouncement(t('cart.removedFrom', { name }));
    });
  };
  const busy = actions.pending || undefined;
  return (
    <>
      <ol className={cx('itinerary', compact && 'itinerary--compact')} aria-label={t('cart.stops')} ref={list} tabIndex={-1}>
        {cart.start_point ? <PointRow point={cart.start_point} role="start" /> : null}
        {rows.map(({ item, index, legIn }) => {
          const name = item.destination?.name ?? t('cart.unknownStop');
          const position = item.position ?? index + 1;
          return (
            <Fragment key={item.id}>
              {legIn ? <LegRow leg={legIn} /> : null}
              {secondDay === position ? <li className="itinerary__day">{t('trip.secondDay')}</li> : null}
              <li className={cx('itinerary__stop', !item.available && 'itinerary__stop--unavailable')} data-testid="cart-stop" data-destination-id={item.destination_id}>
                <span className="itinerary__marker" aria-hidden="true">
                  {formatNumber(index + 1, language)}
                </span>
                <Photo className={cx('itinerary__photo', !compact && 'itinerary__photo--lg')} src={item.destination?.photo} alt="" seed={item.destination_id} sizes={compact ? '44px' : '72px'} />
                <div className="itinerary__body">
                  <span className="itinerary__name" data-testid="cart-stop-name">{name}</span>
                  <span className="itinerary__meta">
                    {item.destination?.visit_hours ? (
                      <span>{t('cart.visit', { duration: formatHours(item.destination.visit_hours, language) })}</span>
                    ) : null}
                    {!compact && item.arrival ? <span>{t('cart.arrive', { time: formatClockTime(item.arrival, language) })}</span> : null}
                  </span>
                  {item.problem_message ? (
                    <span className="itinerary__problem">
                      <Icon name="alert" size={14} /> {item.problem_message}
                    </span>
                  ) : null}
                  {!item.available ? <span className="itinerary__problem">{t('cart.unavailable')}</span> : null}
                </div>
                <div className="itinerary__actions">
                  <StopButton stop={item.id} control="up" icon="chevronUp" label={t('cart.moveUp', { name })} disabled={index === 0} busy={busy} onPress={() => move(item.id, name, 'up')} />
                  <StopButton stop={item.id} control="down" icon="chevronDown" label={t('cart.moveDown', { name })} disabled={index === last} busy={busy} onPress={() => move(item.id, name, 'down')} />
                  <StopButton stop={item.id} control="remove" icon="trash" label={t('cart.remove', { name })} busy={busy} danger onPress={() => remove(item.id, name)} />
                </div>
              </li>
            </Fragment>
          );
        })}
        {legOut ? <LegRow leg={legOut} /> : null}
        {cart.end_point ? <PointRow point={cart.end_point} role="end" /> : null}
      </ol>
      <p className="visually-hidden" role="status" aria-live="polite" data-testid="itinerary-status">
        {announcement}
      </p>
    </>
  );
}
