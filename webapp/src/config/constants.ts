export const LANGUAGES = ['en', 'ar'] as const;
export type Language = (typeof LANGUAGES)[number];
export const FALLBACK_LANGUAGE: Language = 'en';
export const RTL_LANGUAGES: readonly Language[] = ['ar'];

export const CURRENCIES = ['EGP', 'USD', 'SAR'] as const;
export type Currency = (typeof CURRENCIES)[number];
export const BASE_CURRENCY: Currency = 'EGP';

export const AUTH_COOKIE = 'authToken';
export const CART_COOKIE = 'cookieCart';
export const LANGUAGE_COOKIE = 'lang';
export const LANGUAGE_STORAGE_KEY = 'mishwar.language';
export const CURRENCY_STORAGE_KEY = 'mishwar.currency';

const DAY_SECONDS = 24 * 60 * 60;
export const CART_COOKIE_MAX_AGE_SECONDS = 30 * DAY_SECONDS;
export const LANGUAGE_COOKIE_MAX_AGE_SECONDS = 365 * DAY_SECONDS;

// Spec section 9: toasts close after 5 s on desktops and 2 s on phones.
export const TOAST_AUTOCLOSE_DESKTOP_MS = 5000;
export const TOAST_AUTOCLOSE_PHONE_MS = 2000;
export const PHONE_MEDIA_QUERY = '(max-width: 760px)';

export const CART_MOVE_STEP = 1;
export const DAILY_PLAN_HOURS = 8;
export const PROGRAM_RESPONSE_HOURS = 48;
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 20;
export const DESTINATIONS_PAGE_SIZE = 12;

/** Trips run on Cairo's clock: every date and time is shown in it, wherever the browser is. */
export const CAIRO_TIME_ZONE = 'Africa/Cairo';

// Monday–Friday 9:00–22:00 Cairo time; Saturday and Sunday closed; national
// holidays excluded. Days follow Date#getDay (0 = Sunday). The admin will be
// able to change this later; until then this is the published schedule.
export const OPENING_HOURS = {
  timeZone: CAIRO_TIME_ZONE,
  days: [
    { day: 1, opens: '09:00', closes: '22:00' },
    { day: 2, opens: '09:00', closes: '22:00' },
    { day: 3, opens: '09:00', closes: '22:00' },
    { day: 4, opens: '09:00', closes: '22:00' },
    { day: 5, opens: '09:00', closes: '22:00' },
  ],
} as const;

// The server's limit on a reason or note (domain.MaxReasonLength): a cancellation's, a refund's.
export const REASON_MAX = 1000;

/** Greater Cairo, the box every point of a trip falls in: the server's domain.ServiceArea (domain/area.go). */
export const SERVICE_AREA = { minLat: 29.6, maxLat: 30.4, minLng: 30.8, maxLng: 31.9 } as const;
