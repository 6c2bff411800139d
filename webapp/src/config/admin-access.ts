// Who may use what in the admin area. The server decides it (httpx.RequireRole on each route in
// httpapi/); this table repeats its answer so the menu, the dashboard's links and the routes offer a
// role only what its API calls will accept. Change it together with the server's guards: the browser
// suite (e2e/roles.mjs) opens every screen offered to each role against the real server.
import { ADMIN_SECTIONS, paths, type AdminSectionKey } from './paths';
import { isStaffRole, type StaffRole } from './roles';

/** What a screen (or an action on it) of the admin area needs. */
export type AdminFeature =
  | 'dashboard' // GET /api/admin/dashboard
  | 'siteSettings' // /api/admin/home, /api/admin/settings, /api/admin/currency-rates
  | AdminSectionKey // /api/admin/{rates,offers,drivers,...}
  | 'trips' // GET /api/admin/trips
  | 'assignDrivers' // /api/admin/trips/{id}/driver, /api/admin/drivers/{id}/account
  | 'purchaseOrders' // /api/admin/orders, /api/admin/enquiries, /api/admin/payments
  | 'support' // /api/support/*, /api/admin/projections
  | 'processSteps' // GET /api/admin/jobs
  | 'retryJobs' // POST /api/admin/jobs/{id}/retry
  | 'mailbox' // /api/admin/mailbox
  | 'reviews'; // /api/admin/reviews

const STAFF: readonly StaffRole[] = ['admin', 'support'];
const ADMIN_ONLY: readonly StaffRole[] = ['admin'];

const ACCESS: Record<AdminFeature, readonly StaffRole[]> = {
  dashboard: STAFF,
  siteSettings: ADMIN_ONLY,
  rate: ADMIN_ONLY,
  offer: ADMIN_ONLY,
  driver: ADMIN_ONLY,
  country: ADMIN_ONLY,
  category: ADMIN_ONLY,
  destination: ADMIN_ONLY,
  program: ADMIN_ONLY,
  pickup: ADMIN_ONLY,
  trips: STAFF,
  assignDrivers: ADMIN_ONLY,
  purchaseOrders: STAFF,
  support: STAFF,
  processSteps: STAFF,
  retryJobs: ADMIN_ONLY,
  mailbox: ADMIN_ONLY,
  reviews: STAFF,
};

/** Whether an account with role may use feature; any role outside the admin area may use none. */
export function canUse(role: string | null | undefined, feature: AdminFeature): boolean {
  return isStaffRole(role) && ACCESS[feature].includes(role);
}

export type AdminMenuKey = 'dashboard' | 'home' | AdminSectionKey | 'trips' | 'planner' | 'purchaseOrders' | 'processSteps' | 'support' | 'mailbox' | 'reviews';

export interface AdminMenuEntry {
  key: AdminMenuKey;
  path: string;
  feature: AdminFeature;
}

// The admin area's screens in menu order.
const MENU: readonly AdminMenuEntry[] = [
  { key: 'dashboard', path: paths.admin.dashboard, feature: 'dashboard' },
  { key: 'home', path: paths.admin.home, feature: 'siteSettings' },
  ...ADMIN_SECTIONS.map((section) => ({ key: section.key, path: section.path, feature: section.key })),
  { key: 'trips', path: paths.admin.trips, feature: 'trips' },
  { key: 'planner', path: paths.admin.planner, feature: 'trips' },
  { key: 'purchaseOrders', path: paths.admin.purchaseOrders, feature: 'purchaseOrders' },
  { key: 'processSteps', path: paths.admin.processSteps, feature: 'processSteps' },
  { key: 'support', path: paths.admin.support, feature: 'support' },
  { key: 'mailbox', path: paths.admin.mailbox, feature: 'mailbox' },
  { key: 'reviews', path: paths.admin.reviews, feature: 'reviews' },
];

// Screens opened from another screen, not the menu, guarded like it (the manifest: from the board).
const OFF_MENU: readonly { path: string; feature: AdminFeature }[] = [{ path: paths.admin.manifest, feature: 'trips' }];

/** The admin area's screens that role may open, in menu order. */
export function adminMenu(role: string | null | undefined): AdminMenuEntry[] {
  return MENU.filter((entry) => canUse(role, entry.feature));
}

/** Where role starts in the admin area: the first screen it may open (the dashboard for staff). */
export function adminStart(role: string | null | undefined): string {
  return adminMenu(role)[0]?.path ?? paths.admin.dashboard;
}

/**
 * What the admin screen at pathname needs (its list, edit and create pages alike), or undefined for
 * a path that is no screen of the menu.
 */
export function adminFeatureOf(pathname: string): AdminFeature | undefined {
  return [...MENU, ...OFF_MENU].find((entry) => pathname === entry.path || pathname.startsWith(`${entry.path}/`))?.feature;
}
