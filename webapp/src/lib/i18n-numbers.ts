// Numbers in a translation are written in the language's own digits: a count, a limit or a minute
// interpolated into an Arabic sentence reads ٥ وجهات, not 5 وجهات, beside the Arabic-Indic digits the
// app's own date, time and money formatting already writes (one numeral system per screen).
//
// i18next's interpolation only formats a value when the string names a format ({{count, number}}), so a
// plain {{count}} would print the raw number. This formatter (alwaysFormat) formats every number in the
// language's locale, and keeps the two named formats the translations use: number and currency(CODE).
import type { FormatterModule } from 'i18next';

import { LANGUAGES, type Language } from '@/config/constants';
import { localeTag } from '@/utils/format';
import { numberFormat } from '@/utils/intl-formatters';

function locale(lng: string | undefined): string {
  return lng && (LANGUAGES as readonly string[]).includes(lng) ? localeTag(lng as Language) : localeTag('en');
}

function named(value: unknown, name: string, lng: string | undefined): unknown {
  if (typeof value !== 'number') return value;
  const currency = /^currency\((\w{3})\)$/.exec(name);
  if (currency) return numberFormat(locale(lng), { style: 'currency', currency: currency[1] }).format(value);
  if (name === 'number') return numberFormat(locale(lng)).format(value);
  return value;
}

export const localeNumbers: FormatterModule = {
  type: 'formatter',
  init() {},
  add() {},
  addCached() {},
  format(value, format, lng) {
    if (format) return format.split(',').reduce<unknown>((formatted, name) => named(formatted, name.trim(), lng), value) as string;
    return (typeof value === 'number' ? numberFormat(locale(lng)).format(value) : value) as string;
  },
};
