import { useEffect, useId, useMemo, useRef, useState } from 'react';

import { Button } from '@/components/ui/button';
import { useLanguage } from '@/hooks/use-language';
import { formatCalendarDate, formatDate, formatNumber, localeTag } from '@/utils/format';

import { useDispatchT } from './messages';

/** Today in Cairo as YYYY-MM-DD: dispatch's days are Cairo days, wherever the browser is. */
export function cairoToday(): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Africa/Cairo', year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date());
}

const monthStart = (day: string) => `${day.slice(0, 7)}-01`;

function addMonths(first: string, months: number): string {
  const [y = 0, m = 1] = first.split('-').map(Number);
  return new Date(Date.UTC(y, m - 1 + months, 1)).toISOString().slice(0, 10);
}

function daysInMonth(first: string): number {
  const [y = 0, m = 1] = first.split('-').map(Number);
  return new Date(Date.UTC(y, m, 0)).getUTCDate();
}

/**
 * A Cairo day picked on the app's own month grid rather than the browser's date input (which writes
 * the date in the browser's format, 11/30/2026 on an Arabic page): the day is shown as the page's
 * language writes it, labelled Cairo, with the grid's numbers in the page's digits.
 */
export function DayPicker({ label, value, onChange, testId }: { label: string; value: string; onChange: (day: string) => void; testId?: string }) {
  const { t } = useDispatchT();
  const language = useLanguage();
  const labelId = useId();
  const [open, setOpen] = useState(false);
  const [month, setMonth] = useState(() => monthStart(value || cairoToday()));
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!open) return;
    const close = (event: MouseEvent | KeyboardEvent) => {
      if (event instanceof KeyboardEvent ? event.key === 'Escape' : !box.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('mousedown', close);
    document.addEventListener('keydown', close);
    return () => {
      document.removeEventListener('mousedown', close);
      document.removeEventListener('keydown', close);
    };
  }, [open]);
  const weekdays = useMemo(() => {
    const format = new Intl.DateTimeFormat(localeTag(language), { weekday: 'narrow', timeZone: 'UTC' });
    // 2023-01-01 was a Sunday.
    return Array.from({ length: 7 }, (_, i) => format.format(new Date(Date.UTC(2023, 0, 1 + i))));
  }, [language]);
  const today = cairoToday();
  const shown = value || today;
  const title = formatDate(`${month}T12:00:00Z`, language, { month: 'long', year: 'numeric', timeZone: 'UTC' });
  const offset = new Date(`${month}T00:00:00Z`).getUTCDay();
  return (
    <div className="day-picker field" ref={box}>
      <span className="field__label" id={labelId}>
        {label}
      </span>
      <button
        type="button"
        className="input day-picker__value"
        aria-labelledby={labelId}
        aria-haspopup="dialog"
        aria-expanded={open}
        data-value={shown}
        data-testid={testId}
        onClick={() => {
          setMonth(monthStart(shown));
          setOpen(!open);
        }}
      >
        {t('picker.day', { day: formatCalendarDate(shown, language, { weekday: 'short', day: 'numeric', month: 'short', year: 'numeric' }) })}
      </button>
      {open ? (
        <div className="day-picker__pop" role="dialog" aria-label={label} data-testid={testId ? `${testId}-grid` : undefined}>
          <div className="day-picker__head">
            <Button type="button" variant="ghost" size="sm" onClick={() => setMonth(addMonths(month, -1))} aria-label={t('picker.previous')} data-testid="day-picker-previous">
              <span aria-hidden="true">{language === 'ar' ? '›' : '‹'}</span>
            </Button>
            <p className="day-picker__title" aria-live="polite">
              {title}
            </p>
            <Button type="button" variant="ghost" size="sm" onClick={() => setMonth(addMonths(month, 1))} aria-label={t('picker.next')} data-testid="day-picker-next">
              <span aria-hidden="true">{language === 'ar' ? '‹' : '›'}</span>
            </Button>
          </div>
          <div className="day-picker__grid" role="grid" aria-label={title}>
            {weekdays.map((name, i) => (
              <span key={i} className="day-picker__weekday" role="columnheader">
                {name}
              </span>
            ))}
            {Array.from({ length: offset }, (_, i) => (
              <span key={`blank-${i}`} />
            ))}
            {Array.from({ length: daysInMonth(month) }, (_, i) => {
              const date = `${month.slice(0, 8)}${String(i + 1).padStart(2, '0')}`;
              return (
                <button
                  key={date}
                  type="button"
                  role="gridcell"
                  className={`day-picker__day${date === today ? ' day-picker__day--today' : ''}`}
                  data-date={date}
                  aria-pressed={date === shown}
                  aria-label={formatCalendarDate(date, language, { dateStyle: 'full' })}
                  onClick={() => {
                    setOpen(false);
                    if (date !== value) onChange(date);
                  }}
                >
                  {formatNumber(i + 1, language)}
                </button>
              );
            })}
          </div>
        </div>
      ) : null}
    </div>
  );
}
