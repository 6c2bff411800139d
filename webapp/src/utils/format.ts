// Locale-aware formatting. Arabic uses Arabic-Indic digits via the `ar-EG`
// locale; English uses `en-GB` (day before month, 24-hour friendly).
import { CAIRO_TIME_ZONE, type Currency, type Language } from '@/config/constants';
import { dateTimeFormat, listFormat, numberFormat } from '@/utils/intl-formatters';

const LOCALE_TAGS: Record<Language, string> = { en: 'en-GB', ar: 'ar-EG' };

export function localeTag(language: Language): string {
  return LOCALE_TAGS[language];
}

export function formatNumber(value: number, language: Language, options?: Intl.NumberFormatOptions): string {
  return numberFormat(localeTag(language), options).format(value);
}

export function formatMoney(amount: number, currency: Currency, language: Language): string {
  return numberFormat(localeTag(language), {
    style: 'currency',
    currency,
    maximumFractionDigits: amount % 1 === 0 ? 0 : 2,
  }).format(amount);
}

export function formatDistanceKm(km: number, language: Language): string {
  return numberFormat(localeTag(language), {
    style: 'unit',
    unit: 'kilometer',
    maximumFractionDigits: 1,
  }).format(km);
}

/**
 * Formats a length of time given in hours (a visit, the waiting priced, a program's length) in whole
 * hours and minutes, as formatDuration: a decimal hour (1.3 for 1 h 15 min) would not add up to the
 * waiting time priced.
 */
export function formatHours(hours: number, language: Language): string {
  return formatDuration(hours * 60, language);
}

/**
 * Formats a duration given in minutes in whole hours and minutes, "45 minutes", "1 hour, 15 minutes",
 * «٤٥ دقيقة», «ساعة و١٥ دقيقة»: every length of time the traveller reads is written so.
 */
export function formatDuration(minutes: number, language: Language): string {
  const whole = Math.max(0, Math.round(minutes));
  const hours = Math.floor(whole / 60);
  const rest = whole % 60;
  const tag = localeTag(language);
  const part = (value: number, unit: 'hour' | 'minute') => numberFormat(tag, { style: 'unit', unit, unitDisplay: 'long' }).format(value);
  if (hours === 0) return part(rest, 'minute');
  if (rest === 0) return part(hours, 'hour');
  return listFormat(tag, { style: 'long', type: 'unit' }).format([part(hours, 'hour'), part(rest, 'minute')]);
}

/** Formats an instant on Cairo's clock (unless options name another time zone). */
export function formatDate(value: Date | string, language: Language, options?: Intl.DateTimeFormatOptions): string {
  const date = typeof value === 'string' ? new Date(value) : value;
  return dateTimeFormat(localeTag(language), { timeZone: CAIRO_TIME_ZONE, ...(options ?? { dateStyle: 'medium' }) }).format(date);
}

/**
 * Formats a calendar day ("2026-11-23", a Cairo date such as a trip's or an offer's last day): noon
 * UTC is the same day in Cairo, so the day shown is the day given.
 */
export function formatCalendarDate(day: string, language: Language, options?: Intl.DateTimeFormatOptions): string {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) return day;
  return formatDate(`${day}T12:00:00Z`, language, options ?? { dateStyle: 'medium' });
}

/**
 * Text of the other direction set in a sentence (a trip number in Arabic): isolated, so the bidi
 * algorithm does not split "MSH-HK8JNV" around its hyphen or move the words beside it.
 */
export function isolate(text: string): string {
  return `\u2068${text}\u2069`;
}

/**
 * A clock time of day ("09:00", a trip's pickup) as formatDate writes an instant's time
 * (`timeStyle: 'short'`): "09:00" / "٩:٠٠ ص". Formatted for a fixed calendar day so no time zone shifts
 * it. An hour written "9:00" here beside "03:16" from formatDate read as two clocks on one page.
 */
export function formatClock(hhmm: string, language: Language): string {
  const [h = '0', m = '0'] = hhmm.split(':');
  const date = new Date(Date.UTC(2024, 0, 1, Number(h), Number(m)));
  return dateTimeFormat(localeTag(language), { timeStyle: 'short', timeZone: 'UTC' }).format(date);
}

/** Weekday name for Date#getDay numbering (0 = Sunday). */
export function weekdayName(day: number, language: Language, width: 'long' | 'short' | 'narrow' = 'long'): string {
  // 2024-01-07 was a Sunday.
  const date = new Date(Date.UTC(2024, 0, 7 + day, 12));
  return dateTimeFormat(localeTag(language), { weekday: width, timeZone: 'UTC' }).format(date);
}
