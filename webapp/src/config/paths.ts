// One place for every route path so links and the route table never drift apart.
export const paths = {
  home: '/',
  about: '/about',
  rates: '/rates',
  /** The enquiry form about one program. */
  enquireAbout: (programId: string) => `/rates?program=${encodeURIComponent(programId)}#enquiry-title`,
  start: '/start',
  terms: '/terms',
  privacy: '/privacy',
  points: '/points',
  program: '/program',
  programDetail: (id: string) => `/program/${encodeURIComponent(id)}`,
  programs: '/programs',
  payments: '/payments',
  payment: (id: string) => `/payments/${encodeURIComponent(id)}`,
  checkout: '/checkout',
  categories: '/categories',
  tripStatus: '/tripstatus',
  destination: '/destination',
  destinationDetail: (id: string) => `/destination?id=${encodeURIComponent(id)}`,
  destinations: '/destinations',
  destinationsInCategory: (category: string) => `/destinations?category=${encodeURIComponent(category)}`,
  trip: '/destinations/trip',
  notFound: '/404',
  signIn: '/signin',
  signUp: '/signup',
  forgotPassword: '/forgot-password',
  resetPassword: '/reset-password',
  account: '/account',
  order: (id: string) => `/account/order/${encodeURIComponent(id)}`,
  orderAction: (id: string, action: 'cancel' | 'refund' | 'exchange') =>
    `/account/order/${encodeURIComponent(id)}/${action}`,
  admin: {
    login: '/admin/login',
    passwordReset: '/admin/password-reset',
    dashboard: '/admin/dashboard',
    home: '/admin/home',
    homeEdit: '/admin/home/edit',
    trips: '/admin/trip',
    /** The printable manifest of a day (YYYY-MM-DD, Cairo). */
    manifest: '/admin/manifest',
    manifestFor: (date: string) => `/admin/manifest?date=${encodeURIComponent(date)}`,
    /** The week planner: drivers × seven Cairo days. */
    planner: '/admin/planner',
    purchaseOrders: '/admin/purchase_order',
    /** The purchase orders found by a trip number (or e-mail, or name). */
    purchaseOrdersFor: (q: string) => `/admin/purchase_order?q=${encodeURIComponent(q)}`,
    mailbox: '/admin/mailbox',
    support: '/admin/support',
    processSteps: '/admin/process-steps',
    reviews: '/admin/reviews',
  },
  driver: '/driver',
} as const;

// Admin catalogue sections: each has a list and a create page, and (where the spec has it) an edit page.
// The URL keeps the spec's spelling (`programes`); labels are spelled right.
export const ADMIN_SECTIONS = [
  { key: 'rate', path: '/admin/rate', edit: true },
  { key: 'offer', path: '/admin/offer', edit: true },
  { key: 'driver', path: '/admin/driver', edit: true },
  { key: 'country', path: '/admin/country', edit: true },
  { key: 'category', path: '/admin/category', edit: true },
  { key: 'destination', path: '/admin/destination', edit: true },
  { key: 'program', path: '/admin/programes', edit: false },
  { key: 'pickup', path: '/admin/pickup-point', edit: true },
] as const;
export type AdminSectionKey = (typeof ADMIN_SECTIONS)[number]['key'];

export const adminSectionPath = (section: AdminSectionKey): string =>
  ADMIN_SECTIONS.find((item) => item.key === section)?.path ?? paths.admin.dashboard;

// Leftovers of the old route table: kept as permanent redirects (DESIGN.md).
export const LEGACY_REDIRECTS: ReadonlyArray<{ from: string; to: string }> = [
  { from: '/productss', to: '/programs' },
  { from: '/mapppp', to: '/points' },
  { from: '/about/stable', to: '/about' },
  { from: '/checkout/stable', to: '/checkout' },
  { from: '/destinations/stable', to: '/destinations' },
  { from: '/create', to: '/signup' },
  { from: '/test', to: '/' },
  { from: '/admin/home/bla bla', to: '/admin/home' },
];

const PROBE_ORIGIN = 'http://mishwar.invalid';

/**
 * The path of candidate if it is a path on this site, else null. It is judged as a browser will read
 * it: the address parser drops tabs and newlines and takes a backslash for a slash, so `/<TAB>/host`
 * and `/\\host` are another site. The path returned is the parsed one, never the raw text.
 */
export function sameSitePath(candidate: string | null | undefined): string | null {
  if (!candidate?.startsWith('/')) return null;
  let url: URL;
  try {
    url = new URL(candidate, PROBE_ORIGIN);
  } catch {
    return null;
  }
  return url.origin === PROBE_ORIGIN ? `${url.pathname}${url.search}${url.hash}` : null;
}

/**
 * The sign-in or sign-up page (the shop's or the admin door) that brings the visitor back to `here`
 * (a path with its query) once signed in; from the home page, or a sign-in page itself, no return is
 * asked for. The guards, the header and the add buttons all ask this way.
 */
export function signInPath(page: string, here: string): string {
  const back = sameSitePath(here);
  if (!back || back === '/' || back.startsWith('/signin') || back.startsWith('/signup')) return page;
  return `${page}?redirect=${encodeURIComponent(back)}`;
}

// Only same-site paths may be used as a return target after signing in.
export function safeReturnPath(candidate: string | null | undefined, fallback: string): string {
  return sameSitePath(candidate) ?? fallback;
}
