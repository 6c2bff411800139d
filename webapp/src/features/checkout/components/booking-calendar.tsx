import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import type { Language } from '@/config/constants';
import { useDayGrid } from '@/hooks/use-day-grid';
import { useLanguage } from '@/hooks/use-language';
import { directionOf } from '@/lib/i18n';
import { addMonths, cairoToday, daysInMonth, monthStart } from '@/utils/cairo-day';
import { formatDate, formatNumber, weekdayName } from '@/utils/format';

import { useCalendar, type CalendarDay } from '../api/get-calendar';
import './checkout.css';

/** Today in Cairo as YYYY-MM-DD: the calendar's days are Cairo dates, wherever the browser is. */
export { cairoToday };

interface BookingCalendarProps {
  value: string;
  onChange: (day: CalendarDay) => void;
  disabled?: boolean;
  /** How many months ahead can be browsed (the booking window). */
  monthsAhead?: number;
  /**
   * A day on which the traveller already holds a car (the order being exchanged): their own car is
   * free to them, so that day is offered even when every car is taken.
   */
  ownDay?: string;
  /**
   * Judge the days for the signed-in traveller's cart: a day is available only when one of its pickup
   * times fits the cart, so a day offered always has a time to choose.
   */
  forCart?: boolean;
  /**
   * Judge the days for moving the traveller's order with this trip number: a day is available only
   * when one of the exchange's pickup times fits the order's trip (its own car free on its own day).
   */
  exchangeOf?: string;
}

/**
 * The weekday headers, Sunday first: names that fit a seventh of a phone's width (Arabic's short names
 * are its full ones, «الخميس», so it takes the narrow «خ»), each with its full name.
 */
export function weekdayHeaders(language: Language): Array<{ short: string; full: string }> {
  return Array.from({ length: 7 }, (_, day) => ({
    short: weekdayName(day, language, language === 'ar' ? 'narrow' : 'short'),
    full: weekdayName(day, language, 'long'),
  }));
}

/**
 * A month of days, each available, blocked (fully booked or closed) or out of range. It shows what
 * the server says; placing the order decides for good.
 */
export function BookingCalendar({ value, onChange, disabled, monthsAhead = 6, ownDay, forCart = false, exchangeOf }: BookingCalendarProps) {
  const { t } = useTranslation();
  const language = useLanguage();
  const today = cairoToday();
  const [month, setMonth] = useState(() => monthStart(value || today));
  const first = monthStart(today);
  const days = daysInMonth(month);
  const calendar = useCalendar(month, days, !disabled, forCart, exchangeOf);
  const offset = new Date(`${month}T00:00:00Z`).getUTCDay();
  const weekdays = useMemo(() => weekdayHeaders(language), [language]);
  // The arrows point the way the months go on the page: in Arabic the previous month is on the right.
  const rtl = directionOf(language) === 'rtl';
  const [previousArrow, nextArrow] = rtl ? ['›', '‹'] : ['‹', '›'];
  const title = formatDate(`${month}T12:00:00Z`, language, { month: 'long', year: 'numeric', timeZone: 'UTC' });
  const monthDays = Array.from({ length: days }, (_, i) => {
    const date = `${month.slice(0, 8)}${String(i + 1).padStart(2, '0')}`;
    const day = calendar.data?.find((d) => d.date === date);
    const ownCar = date === ownDay && day?.status === 'blocked' && day.reason === 'full';
    const status = disabled ? 'out_of_range' : ownCar ? 'available' : (day?.status ?? 'out_of_range');
    return { date, number: i + 1, day, ownCar, status };
  });
  const grid = useDayGrid(monthDays.filter((d) => d.status === 'available').map((d) => d.date), value, rtl);

  return (
    <div className="booking-calendar" aria-disabled={disabled || undefined}>
      <div className="booking-calendar__head">
        <Button type="button" variant="ghost" size="sm" disabled={month <= first} onClick={() => setMonth(addMonths(month, -1))} aria-label={t('checkout.calendar.previous')} data-testid="calendar-previous">
          <span aria-hidden="true">{previousArrow}</span>
        </Button>
        <p className="booking-calendar__title" aria-live="polite">{title}</p>
        <Button type="button" variant="ghost" size="sm" disabled={month >= addMonths(first, monthsAhead)} onClick={() => setMonth(addMonths(month, 1))} aria-label={t('checkout.calendar.next')} data-testid="calendar-next">
          <span aria-hidden="true">{nextArrow}</span>
        </Button>
      </div>
      {disabled ? <p className="field__hint">{t('checkout.rateFirst')}</p> : null}
      {/* A group of toggle buttons, each named by its full date: a role="grid" would need rows of
          cells that buttons with aria-pressed are not. A weekday header shows its short name and reads
          its full one. */}
      <div className="booking-calendar__grid" role="group" aria-label={title} onFocus={grid.onFocus} onKeyDown={grid.onKeyDown}>
        {weekdays.map(({ short, full }) => (
          <span key={full} className="booking-calendar__weekday" title={full}>
            <span aria-hidden="true">{short}</span>
            <span className="visually-hidden">{full}</span>
          </span>
        ))}
        {Array.from({ length: offset }, (_, i) => (
          <span key={`blank-${i}`} />
        ))}
        {calendar.isPending && !disabled ? (
          <span className="booking-calendar__loading">
            <Spinner size="sm" />
          </span>
        ) : (
          monthDays.map(({ date, number, day, ownCar, status }) => {
            // Before a rate plan is chosen no day is out of range: it is not yet asked about.
            const unfit = status === 'blocked' && day?.reason === 'no_start_fits';
            const label = disabled
              ? t('checkout.rateFirst')
              : status === 'available'
                ? t('checkout.calendar.available')
                : status === 'blocked'
                  ? t(day?.reason === 'closed' ? 'checkout.calendar.closed' : unfit ? 'checkout.calendar.noStartFits' : 'checkout.calendar.full')
                  : t('checkout.calendar.outOfRange');
            return (
              <button
                key={date}
                type="button"
                className={`booking-calendar__day booking-calendar__day--${status}${status === 'blocked' && day?.reason === 'closed' ? ' booking-calendar__day--closed' : ''}${unfit ? ' booking-calendar__day--unfit' : ''}`}
                data-date={date}
                data-status={status}
                aria-pressed={value === date}
                aria-label={`${formatDate(`${date}T12:00:00Z`, language, { dateStyle: 'full', timeZone: 'UTC' })}: ${label}`}
                title={label}
                disabled={status !== 'available'}
                tabIndex={grid.tabIndexOf(date)}
                onClick={() => day && onChange(ownCar ? { ...day, status: 'available' } : day)}
              >
                {formatNumber(number, language)}
              </button>
            );
          })
        )}
      </div>
      <ul className="booking-calendar__legend">
        <li><span className="booking-calendar__swatch booking-calendar__day--available" />{t('checkout.calendar.available')}</li>
        <li><span className="booking-calendar__swatch booking-calendar__day--blocked" />{t('checkout.calendar.full')}</li>
        <li><span className="booking-calendar__swatch booking-calendar__day--closed" />{t('checkout.calendar.closed')}</li>
        {forCart || exchangeOf ? <li><span className="booking-calendar__swatch booking-calendar__day--unfit" />{t('checkout.calendar.noStartFits')}</li> : null}
        <li><span className="booking-calendar__swatch booking-calendar__day--out_of_range" />{t('checkout.calendar.outOfRange')}</li>
      </ul>
    </div>
  );
}
