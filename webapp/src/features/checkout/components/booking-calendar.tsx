import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { useLanguage } from '@/hooks/use-language';
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
}

/**
 * A month of days, each available, blocked (fully booked or closed) or out of range. It shows what
 * the server says; placing the order decides for good.
 */
export function BookingCalendar({ value, onChange, disabled, monthsAhead = 6, ownDay }: BookingCalendarProps) {
  const { t } = useTranslation();
  const language = useLanguage();
  const today = cairoToday();
  const [month, setMonth] = useState(() => monthStart(value || today));
  const first = monthStart(today);
  const days = daysInMonth(month);
  const calendar = useCalendar(month, days, !disabled);
  const offset = new Date(`${month}T00:00:00Z`).getUTCDay();
  const weekdays = useMemo(() => Array.from({ length: 7 }, (_, day) => weekdayName(day, language, 'short')), [language]);
  const title = formatDate(`${month}T12:00:00Z`, language, { month: 'long', year: 'numeric', timeZone: 'UTC' });

  return (
    <div className="booking-calendar" aria-disabled={disabled || undefined}>
      <div className="booking-calendar__head">
        <Button type="button" variant="ghost" size="sm" disabled={month <= first} onClick={() => setMonth(addMonths(month, -1))} aria-label={t('checkout.calendar.previous')}>
          ‹
        </Button>
        <p className="booking-calendar__title" aria-live="polite">{title}</p>
        <Button type="button" variant="ghost" size="sm" disabled={month >= addMonths(first, monthsAhead)} onClick={() => setMonth(addMonths(month, 1))} aria-label={t('checkout.calendar.next')}>
          ›
        </Button>
      </div>
      {disabled ? <p className="field__hint">{t('checkout.rateFirst')}</p> : null}
      {/* A group of toggle buttons, each named by its full date: a role="grid" would need rows of
          cells that buttons with aria-pressed are not, and the weekday headers are seen, not read. */}
      <div className="booking-calendar__grid" role="group" aria-label={title}>
        {weekdays.map((name) => (
          <span key={name} className="booking-calendar__weekday" aria-hidden="true">
            {name}
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
          Array.from({ length: days }, (_, i) => {
            const date = `${month.slice(0, 8)}${String(i + 1).padStart(2, '0')}`;
            const day = calendar.data?.find((d) => d.date === date);
            const ownCar = date === ownDay && day?.status === 'blocked' && day.reason === 'full';
            const status = disabled ? 'out_of_range' : ownCar ? 'available' : (day?.status ?? 'out_of_range');
            const label =
              status === 'available'
                ? t('checkout.calendar.available')
                : status === 'blocked'
                  ? t(day?.reason === 'closed' ? 'checkout.calendar.closed' : 'checkout.calendar.full')
                  : t('checkout.calendar.outOfRange');
            return (
              <button
                key={date}
                type="button"
                className={`booking-calendar__day booking-calendar__day--${status}${status === 'blocked' && day?.reason === 'closed' ? ' booking-calendar__day--closed' : ''}`}
                data-date={date}
                data-status={status}
                aria-pressed={value === date}
                aria-label={`${formatDate(`${date}T12:00:00Z`, language, { dateStyle: 'full', timeZone: 'UTC' })}: ${label}`}
                title={label}
                disabled={status !== 'available'}
                onClick={() => day && onChange(ownCar ? { ...day, status: 'available' } : day)}
              >
                {formatNumber(i + 1, language)}
              </button>
            );
          })
        )}
      </div>
      <ul className="booking-calendar__legend">
        <li><span className="booking-calendar__swatch booking-calendar__day--available" />{t('checkout.calendar.available')}</li>
        <li><span className="booking-calendar__swatch booking-calendar__day--blocked" />{t('checkout.calendar.full')}</li>
        <li><span className="booking-calendar__swatch booking-calendar__day--closed" />{t('checkout.calendar.closed')}</li>
        <li><span className="booking-calendar__swatch booking-calendar__day--out_of_range" />{t('checkout.calendar.outOfRange')}</li>
      </ul>
    </div>
  );
}
