import { Navigate, useLocation, useNavigate, useParams, useSearchParams } from 'react-router-dom';

import { canUse } from '@/config/admin-access';
import { adminSectionPath, paths, type AdminSectionKey } from '@/config/paths';
import { AdminDashboard } from '@/features/admin/components/admin-dashboard';
import { AdminPurchaseOrders } from '@/features/purchase-orders/components/purchase-orders';
import { HomeContentForm } from '@/features/admin-catalogue/components/home-content-form';
import { RecordForm } from '@/features/admin-catalogue/components/record-form';
import { RecordsList } from '@/features/admin-catalogue/components/records-list';
import { savedFrom } from '@/features/admin-catalogue/saved';
import { SiteSettings } from '@/features/admin-catalogue/components/site-settings';
import { displayName, useAuthStore } from '@/features/auth/stores/auth-store';
import { DriverAccount } from '@/features/dispatch/components/driver-account';
import { Manifest } from '@/features/dispatch/components/manifest';
import { TripsBoard } from '@/features/dispatch/components/trips-board';
import { WeekPlanner } from '@/features/dispatch/components/week-planner';
import { MailMessage, Mailbox } from '@/features/mailbox/components/mailbox';
import { ReviewModeration } from '@/features/reviews/components/moderation';
import { ProcessSteps, StuckJobsStat } from '@/features/process-steps/components/process-steps';
import { cairoToday } from '@/utils/cairo-day';

import { useAdminLinks, useStaffRole } from '../layouts/admin-links';

export function AdminDashboardRoute() {
  const user = useAuthStore((state) => state.user);
  // The work screens: not the dashboard itself, nor the site settings and the mailbox (in the menu).
  const links = useAdminLinks().filter((link) => !['dashboard', 'home', 'mailbox'].includes(link.key));
  const role = useStaffRole();
  return (
    <AdminDashboard name={displayName(user)} links={links}>
      {canUse(role, 'processSteps') ? <StuckJobsStat to={paths.admin.processSteps} /> : null}
    </AdminDashboard>
  );
}

/** The trips board: support staff follow it; only admins assign drivers and link their accounts. */
export function AdminTripsRoute() {
  return <TripsBoard canAssign={canUse(useStaffRole(), 'assignDrivers')} />;
}

/** The week planner: staff follow it; only admins assign drivers (the server refuses anyone else). */
export function AdminPlannerRoute() {
  return <WeekPlanner canAssign={canUse(useStaffRole(), 'assignDrivers')} />;
}

/** The printable manifest of ?date= (today in Cairo without one). */
export function AdminManifestRoute() {
  const [params] = useSearchParams();
  const date = params.get('date') ?? cairoToday();
  return <Manifest key={date} date={date} />;
}

export const AdminHomeRoute = SiteSettings;

export function AdminHomeEditRoute() {
  const navigate = useNavigate();
  return <HomeContentForm onSaved={() => void navigate('/admin/home', { state: { saved: { name: '', created: false } } })} />;
}

export const AdminSectionRoute = ({ section }: { section: AdminSectionKey }) => <RecordsList key={section} section={section} />;

export function AdminRecordRoute({ section, mode }: { section: AdminSectionKey; mode: 'create' | 'edit' }) {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const added = savedFrom(useLocation().state);
  const id = params.get('id') ?? undefined;
  // An edit page without a record to edit is the list's job, not a blank "New …" form.
  if (mode === 'edit' && !id) return <Navigate to={adminSectionPath(section)} replace />;
  return (
    <>
      <RecordForm
        key={`${section}-${mode}-${id ?? ''}`}
        section={section}
        // The spec has no /admin/programes/edit: its create page edits when given an id.
        id={id}
        onSaved={(saved) =>
          // A new driver needs a sign-in account before any trip can be theirs: their edit page offers it.
          section === 'driver' && saved.created && saved.id
            ? void navigate(`${adminSectionPath(section)}/edit?id=${encodeURIComponent(saved.id)}`, { state: { saved } })
            : void navigate(adminSectionPath(section), { state: { saved } })
        }
      />
      {section === 'driver' && id ? <DriverAccount key={id} driverId={id} added={added?.created ? added.name : undefined} /> : null}
    </>
  );
}

export const AdminPurchaseOrdersRoute = AdminPurchaseOrders;

/** The stuck process steps: staff read them; only admins retry one. */
export function AdminProcessStepsRoute() {
  return <ProcessSteps canRetry={canUse(useStaffRole(), 'retryJobs')} />;
}

export const AdminMailboxRoute = Mailbox;

export const AdminReviewsRoute = ReviewModeration;

export function AdminMailRoute() {
  const { id = '' } = useParams();
  return <MailMessage key={id} id={id} />;
}
