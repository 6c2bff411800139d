import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { Button } from '@/components/ui/button';
import { FieldMessages, useFieldMessage } from '@/components/ui/field';
import { useDayGrid } from '@/hooks/use-day-grid';
import { useLanguage } from '@/hooks/use-language';
import { addMonths, cairoToday, dayInRange, daysInMonth, monthStart } from '@/utils/cairo-day';
import { cx } from '@/utils/cx';
import { formatCalendarDate, formatDate, formatNumber, weekdayName } from '@/utils/format';

import './day-picker.css';

export { cairoToday };

interface DayPickerProps {
  label: string;
  /** The chosen Cairo day, "YYYY-MM-DD"; '' for none (only with placeholder). */
  value: string;
  onChange: (day: string) => void;
  testId?: string;
  /** The first and last days that may be picked (Cairo days; either may be left open). */
  min?: string | undefined;
  max?: string | undefined;
  /**
   * Shown while no day is chosen; with it the day is optional, and the grid offers to clear it.
   * Without it an empty value shows today.
   */
  placeholder?: string | undefined;
  /** The field's error: a message key of the form's rules, or the server's words. */
  error?: string | undefined;
  hint?: string | undefined;
  className?: string | undefined;
  /**
   * Why a day may not be picked for what the form is about (a trip's calendar: "No pickup time fits
   * your trip"), else undefined: the day is shown blocked, named and noted with it.
   */
  blockedWhy?: ((day: string) => string | undefined) | undefined;
  /** Told the month ("YYYY-MM-01") the grid shows, when it opens or turns: to ask for its days. */
  onMonthShown?: ((month: string) => void) | undefined;
}

/**
 * A Cairo day picked on the app's own month grid rather than the browser's date input (which writes
 * the date in the browser's format, 11/30/2026 on an Arabic page): the day is shown as the page's
 * language writes it, labelled Cairo, with the grid's numbers in the page's digits. Admin screens
 * may pick any day; a traveller's form bounds it (min, max).
 */
export function DayPicker({ label, value, onChange, testId, min, max, placeholder, error: message, hint, className, blockedWhy, onMonthShown }: DayPickerProps) {
  const { t } = useTranslation();
  const language = useLanguage();
  const labelId = useId();
  const hintId = `${labelId}-hint`;
  const errorId = `${labelId}-error`;
  const error = useFieldMessage()(message, label);
  const optional = placeholder !== undefined;
  const today = cairoToday();
  const shown = value || (optional ? '' : today);
  const [open, setOpen] = useState(false);
  const [month, setMonth] = useState(() => monthStart(shown || min || today));
  const box = useRef<HTMLDivElement>(null);
  const trigger = useRef<HTMLButtonElement>(null);
  const grid = useRef<HTMLDivElement>(null);
  const valueId = `${labelId}-value`;
  // Opened, the chosen day (or the first that may be chosen) takes the keyboard's focus; closed by
  // Escape or a choice, the focus goes back to the field, never to the page's start.
  useEffect(() => {
    if (!open) return;
    const days = grid.current;
    (days?.querySelector<HTMLButtonElement>('button[aria-pressed="true"]:not(:disabled)') ?? days?.querySelector<HTMLButtonElement>('button:not(:disabled)'))?.focus();
  }, [open]);
  useEffect(() => {
    if (!open) return;
    const close = (event: MouseEvent | KeyboardEvent) => {
      if (event instanceof KeyboardEvent) {
        if (event.key !== 'Escape') return;
        setOpen(false);
        trigger.current?.focus();
      } else if (!box.current?.contains(event.target as Node)) {
        setOpen(false);
      }
    };
    document.addEventListener('mousedown', close);
    document.addEventListener('keydown', close);
    return () => {
      document.removeEventListener('mousedown', close);
      document.removeEventListener('keydown', close);
    };
  }, [open]);
  const weekdays = useMemo(() => Array.from({ length: 7 }, (_, day) => weekdayName(day, language, 'narrow')), [language]);
  const title = formatDate(`${month}T12:00:00Z`, language, { month: 'long', year: 'numeric', timeZone: 'UTC' });
  const offset = new Date(`${month}T00:00:00Z`).getUTCDay();
  const monthDays = Array.from({ length: daysInMonth(month) }, (_, i) => `${month.slice(0, 8)}${String(i + 1).padStart(2, '0')}`);
  const why = (date: string) => (dayInRange(date, min, max) ? blockedWhy?.(date) : undefined);
  const days = useDayGrid(monthDays.filter((date) => dayInRange(date, min, max) && !why(date)), shown, language === 'ar');
  // The reasons the shown month's blocked days are blocked for, each said once below the grid.
  const notes = [...new Set(monthDays.map(why).filter((note): note is string => Boolean(note)))];
  const turn = (next: string) => {
    setMonth(next);
    onMonthShown?.(next);
  };
  const pick = (day: string) => {
    setOpen(false);
    trigger.current?.focus();
    if (day !== value) onChange(day);
  };
  const describedBy = [hint ? hintId : '', error ? errorId : ''].filter(Boolean).join(' ') || undefined;
  return (
    <div
      className={cx('day-picker field', error && 'field--invalid', className)}
      ref={box}
      // Tabbing out of the open calendar closes it: left open it would cover the next field.
      onBlur={(event) => {
        if (open && event.relatedTarget && !box.current?.contains(event.relatedTarget)) setOpen(false);
      }}
    >
      <span className="field__label" id={labelId}>
        {label}
      </span>
      <button
        type="button"
        className={cx('input day-picker__value', !shown && 'day-picker__value--empty')}
        ref={trigger}
        // Named by its label and the day it shows, as it reads ("Date (Cairo) Tue, 15 Jan 2099").
        aria-labelledby={`${labelId} ${valueId}`}
        aria-describedby={describedBy}
        aria-invalid={Boolean(error) || undefined}
        aria-haspopup="dialog"
        aria-expanded={open}
        data-value={shown}
        data-testid={testId}
        onClick={() => {
          turn(monthStart(shown || min || today));
          setOpen(!open);
        }}
      >
        <span id={valueId}>
          {shown ? t('dayPicker.value', { day: formatCalendarDate(shown, language, { weekday: 'short', day: 'numeric', month: 'short', year: 'numeric' }) }) : placeholder}
        </span>
      </button>
      {open ? (
        <div className="day-picker__pop" role="dialog" aria-label={label} data-testid={testId ? `${testId}-grid` : undefined}>
          <div className="day-picker__head">
            <Button
              type="button"
              variant="ghost"
              size="sm"
              disabled={Boolean(min) && month <= monthStart(min ?? '')}
              onClick={() => turn(addMonths(month, -1))}
              aria-label={t('dayPicker.previous')}
              data-testid="day-picker-previous"
            >
              <span aria-hidden="true">{language === 'ar' ? '›' : '‹'}</span>
            </Button>
            <p className="day-picker__title" aria-live="polite">
              {title}
            </p>
            <Button
              type="button"
              variant="ghost"
              size="sm"
              disabled={Boolean(max) && month >= monthStart(max ?? '')}
              onClick={() => turn(addMonths(month, 1))}
              aria-label={t('dayPicker.next')}
              data-testid="day-picker-next"
            >
              <span aria-hidden="true">{language === 'ar' ? '‹' : '›'}</span>
            </Button>
          </div>
          {/* A group of toggle buttons, each named by its full date: a role="grid" would need rows of
              cells that buttons with aria-pressed are not, and the weekday headers are seen, not read. */}
          <div className="day-picker__grid" role="group" aria-label={title} ref={grid} onFocus={days.onFocus} onKeyDown={days.onKeyDown}>
            {weekdays.map((name, i) => (
              <span key={i} className="day-picker__weekday" aria-hidden="true">
                {name}
              </span>
            ))}
            {Array.from({ length: offset }, (_, i) => (
              <span key={`blank-${i}`} />
            ))}
            {monthDays.map((date, i) => {
              const note = why(date);
              return (
                <button
                  key={date}
                  type="button"
                  className={cx('day-picker__day', date === today && 'day-picker__day--today', note && 'day-picker__day--blocked')}
                  data-date={date}
                  data-status={note ? 'blocked' : undefined}
                  aria-pressed={date === shown}
                  aria-label={note ? `${formatCalendarDate(date, language, { dateStyle: 'full' })}: ${note}` : formatCalendarDate(date, language, { dateStyle: 'full' })}
                  title={note}
                  disabled={!dayInRange(date, min, max) || Boolean(note)}
                  tabIndex={days.tabIndexOf(date)}
                  onClick={() => pick(date)}
                >
                  {formatNumber(i + 1, language)}
                </button>
              );
            })}
          </div>
          {notes.length ? (
            <ul className="day-picker__notes">
              {notes.map((note) => (
                <li key={note}>
                  <span className="day-picker__swatch day-picker__day--blocked" aria-hidden="true" />
                  {note}
                </li>
              ))}
            </ul>
          ) : null}
          {optional && value ? (
            <Button type="button" variant="ghost" size="sm" onClick={() => pick('')} data-testid={testId ? `${testId}-clear` : undefined}>
              {placeholder}
            </Button>
          ) : null}
        </div>
      ) : null}
      <FieldMessages hint={hint} hintId={hintId} error={error} errorId={errorId} />
    </div>
  );
}
