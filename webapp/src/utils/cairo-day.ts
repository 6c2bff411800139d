// Cairo calendar days as "YYYY-MM-DD" strings: the app's days are Cairo days wherever the browser is,
// so they are computed as plain calendar arithmetic (UTC), never in the browser's time zone.
import { CAIRO_TIME_ZONE } from '@/config/constants';
import { dateTimeFormat } from '@/utils/intl-formatters';

/** Today in Cairo as YYYY-MM-DD. */
export function cairoToday(now: Date = new Date()): string {
  return dateTimeFormat('en-CA', { timeZone: CAIRO_TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
}

/** The time of day in Cairo now, "HH:MM". */
export function cairoClock(now: Date = new Date()): string {
  return dateTimeFormat('en-GB', { timeZone: CAIRO_TIME_ZONE, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(now);
}

/** The calendar day days after (or before) day. */
export function addDays(day: string, days: number): string {
  const [y = 0, m = 1, d = 1] = day.split('-').map(Number);
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

/** The first day of day's month. */
export function monthStart(day: string): string {
  return `${day.slice(0, 7)}-01`;
}

/** The first day of the month months after (or before) the month starting on first. */
export function addMonths(first: string, months: number): string {
  const [y = 0, m = 1] = first.split('-').map(Number);
  return new Date(Date.UTC(y, m - 1 + months, 1)).toISOString().slice(0, 10);
}

/** How many days the month starting on first has. */
export function daysInMonth(first: string): number {
  const [y = 0, m = 1] = first.split('-').map(Number);
  return new Date(Date.UTC(y, m, 0)).getUTCDate();
}

/** Whether day lies within [min, max] (either bound optional; days compare as strings). */
export function dayInRange(day: string, min?: string, max?: string): boolean {
  return (!min || day >= min) && (!max || day <= max);
}

/** The times of a day every step minutes, "00:00" to the last before midnight. */
export function clockTimes(step = 15): string[] {
  const out: string[] = [];
  for (let minutes = 0; minutes < 24 * 60; minutes += step) {
    out.push(`${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`);
  }
  return out;
}
