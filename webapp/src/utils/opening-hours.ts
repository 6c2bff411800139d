// Whether the office is open at a given instant, judged on Cairo's wall clock.
import { dateTimeFormat } from '@/utils/intl-formatters';

export interface OpeningDay {
  day: number;
  opens: string;
  closes: string;
}

export interface OpeningSchedule {
  timeZone: string;
  days: readonly OpeningDay[];
  /** Closed dates (YYYY-MM-DD on the schedule's wall clock), such as national holidays. */
  holidays?: readonly string[];
}

const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];

function wallClock(instant: Date, timeZone: string): { day: number; minutes: number; date: string } {
  const parts = dateTimeFormat('en-US', {
    timeZone,
    weekday: 'short',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(instant);
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return {
    day: WEEKDAYS.indexOf(get('weekday')),
    minutes: Number(get('hour')) * 60 + Number(get('minute')),
    date: `${get('year')}-${get('month')}-${get('day')}`,
  };
}

const toMinutes = (hhmm: string) => {
  const [h = '0', m = '0'] = hhmm.split(':');
  return Number(h) * 60 + Number(m);
};

export function isOpenAt(schedule: OpeningSchedule, instant: Date): boolean {
  const { day, minutes, date } = wallClock(instant, schedule.timeZone);
  if (schedule.holidays?.includes(date)) return false;
  return schedule.days.some((d) => d.day === day && minutes >= toMinutes(d.opens) && minutes < toMinutes(d.closes));
}

/** Groups consecutive days with equal hours: Mon–Fri 09:00–22:00. Days in Monday-first order. */
export function groupOpeningDays(schedule: OpeningSchedule): Array<{ from: number; to: number; opens: string; closes: string }> {
  const order = [1, 2, 3, 4, 5, 6, 0];
  const sorted = [...schedule.days].sort((a, b) => order.indexOf(a.day) - order.indexOf(b.day));
  const groups: Array<{ from: number; to: number; opens: string; closes: string }> = [];
  for (const d of sorted) {
    const last = groups.at(-1);
    if (last && last.opens === d.opens && last.closes === d.closes && order.indexOf(d.day) === order.indexOf(last.to) + 1) {
      last.to = d.day;
    } else {
      groups.push({ from: d.day, to: d.day, opens: d.opens, closes: d.closes });
    }
  }
  return groups;
}

export function closedDays(schedule: OpeningSchedule): number[] {
  return [1, 2, 3, 4, 5, 6, 0].filter((day) => !schedule.days.some((d) => d.day === day));
}

/**
 * The hours of a Cairo day ("YYYY-MM-DD") on the schedule, or undefined when the office is closed
 * that whole day (a weekday without hours, or a holiday): the server's rule for a trip's start
 * (domain/catalogue BusinessHours.ClosedOn and OpenAt), so a form offers only what it accepts. A
 * start may fall from opens up to, not at, closes.
 */
export function hoursOfDay(schedule: OpeningSchedule, day: string): { opens: string; closes: string } | undefined {
  if (schedule.holidays?.includes(day)) return undefined;
  const [y = 0, m = 1, d = 1] = day.split('-').map(Number);
  // The weekday of a calendar date, whatever the browser's zone.
  const weekday = new Date(Date.UTC(y, m - 1, d)).getUTCDay();
  const hours = schedule.days.find((h) => h.day === weekday);
  return hours ? { opens: hours.opens, closes: hours.closes } : undefined;
}
