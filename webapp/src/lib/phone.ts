// Phone numbers checked with libphonenumber-js and its small ("min") metadata: each country's calling
// code, lengths and number pattern, enough to catch typing mistakes before the form is sent. The server
// re-validates every number with the full metadata and answers with a field error when it disagrees.

import { getCountries, getCountryCallingCode, parsePhoneNumberFromString, type CountryCode } from 'libphonenumber-js/min';

/** The service is in Cairo: a number typed without a country key is Egyptian. */
export const DEFAULT_PHONE_REGION: CountryCode = 'EG';

// Where most travellers come from: listed first in the picker.
const FIRST: readonly CountryCode[] = ['EG', 'SA', 'AE', 'KW', 'QA', 'BH', 'OM', 'JO', 'LB', 'GB', 'US', 'DE', 'FR', 'IT'];

export interface CountryKey {
  region: CountryCode;
  callingCode: string;
  name: string;
}

export function isRegion(value: string): value is CountryCode {
  return (getCountries() as string[]).includes(value);
}

/** Every region with its calling code, names in `language`, the usual ones first. */
export function countryKeys(language: string): CountryKey[] {
  let names: Intl.DisplayNames | null = null;
  try {
    names = new Intl.DisplayNames([language], { type: 'region' });
  } catch {
    names = null;
  }
  const all = getCountries().map((region) => ({
    region,
    callingCode: `+${getCountryCallingCode(region)}`,
    name: names?.of(region) ?? region,
  }));
  const first = FIRST.map((region) => all.find((c) => c.region === region)).filter((c): c is CountryKey => c !== undefined);
  const rest = all.filter((c) => !FIRST.includes(c.region)).sort((a, b) => a.name.localeCompare(b.name, language));
  return [...first, ...rest];
}

/**
 * A country key as the picker writes it: the calling code isolated left to right (U+2066 … U+2069), so
 * an Arabic page reads "+20 مصر" / "مصر +20" and never "20+" with its plus sign carried to the far side.
 */
export function countryKeyLabel(key: Pick<CountryKey, 'callingCode' | 'name'>): string {
  return `\u2066${key.callingCode}\u2069 ${key.name}`;
}

/**
 * The number in E.164 (+201001234567), or null when it is not a valid number. A number starting
 * with "+" or "00" carries its own country; otherwise `region` says which country it belongs to.
 */
export function toE164(number: string, region: string = DEFAULT_PHONE_REGION): string | null {
  let text = number.trim();
  if (text.startsWith('00')) text = `+${text.slice(2)}`;
  const country = isRegion(region) ? region : DEFAULT_PHONE_REGION;
  const parsed = parsePhoneNumberFromString(text, text.startsWith('+') ? undefined : country);
  return parsed?.isValid() ? parsed.number : null;
}

// The country of a calling code it shares only with small territories: the small metadata cannot tell
// a British mobile from a Guernsey one, and picks the first region that could hold the number. (Not
// +1 or +7: their countries are told apart by their area codes, and Canada or Kazakhstan is no
// territory of the United States or Russia.)
const MAIN_REGION: Readonly<Record<string, CountryCode>> = { '39': 'IT', '44': 'GB', '47': 'NO', '61': 'AU', '212': 'MA', '358': 'FI' };

/** The region of an E.164 number (to preselect the picker when editing), or the default. */
export function regionOf(e164: string | null | undefined): CountryCode {
  if (!e164) return DEFAULT_PHONE_REGION;
  const parsed = parsePhoneNumberFromString(e164);
  if (!parsed) return DEFAULT_PHONE_REGION;
  const main = MAIN_REGION[parsed.countryCallingCode];
  if (main && parsed.country !== main && parsePhoneNumberFromString(parsed.nationalNumber, main)?.isValid()) return main;
  return parsed.country ?? main ?? DEFAULT_PHONE_REGION;
}

/** The national part of an E.164 number, as people type it (for editing). */
export function nationalOf(e164: string | null | undefined): string {
  if (!e164) return '';
  return parsePhoneNumberFromString(e164)?.formatNational() ?? e164;
}

/**
 * A phone number as a form shows it: the country key in the picker and the national part in the
 * number field ("+201001234567" → EG, "010 01234567"). A number without its country key is kept as
 * typed, under region.
 */
export function phoneParts(number: string | null | undefined, region: string = DEFAULT_PHONE_REGION): { phone_region: string; phone_number: string } {
  const text = (number ?? '').trim();
  if (!text.startsWith('+') || toE164(text) === null) return { phone_region: region, phone_number: text };
  return { phone_region: regionOf(text), phone_number: nationalOf(text) };
}

/** The countries as a select's options (region code, name in language), in countryKeys' order. */
export function countryOptions(language: string): Array<{ value: string; label: string }> {
  return countryKeys(language).map((c) => ({ value: c.region, label: c.name }));
}
