// Intl's formatters are costly to build and cheap to use: a phone takes a millisecond or more for
// each, far longer for the first in a time zone, and a page formats hundreds of prices, dates and
// numbers in its first render (the opening-hours badge alone, building one per render, was a third to
// a half of the first render's script time in a phone-speed profile). Each distinct locale and
// options is built once and kept: a few dozen at most (two languages, the app's fixed option sets, a
// handful of currencies).

function kept<F, O extends object>(build: (locale: string, options?: O) => F): (locale: string, options?: O) => F {
  const formatters = new Map<string, F>();
  return (locale, options) => {
    const key = `${locale}|${options ? JSON.stringify(options) : ''}`;
    let formatter = formatters.get(key);
    if (!formatter) {
      formatter = build(locale, options);
      formatters.set(key, formatter);
    }
    return formatter;
  };
}

export const numberFormat = kept((locale, options?: Intl.NumberFormatOptions) => new Intl.NumberFormat(locale, options));
export const dateTimeFormat = kept((locale, options?: Intl.DateTimeFormatOptions) => new Intl.DateTimeFormat(locale, options));
export const listFormat = kept((locale, options?: Intl.ListFormatOptions) => new Intl.ListFormat(locale, options));
export const displayNames = kept((locale, options?: Intl.DisplayNamesOptions) => new Intl.DisplayNames(locale, options ?? { type: 'language' }));
