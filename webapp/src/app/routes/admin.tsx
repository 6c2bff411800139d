import { useNavigate, useParams, useSearchParams } from 'react-router-dom';

import type { AdminSectionKey } from '@/config/paths';
import { AdminDashboard } from '@/features/admin/components/admin-dashboard';
import { AdminRecordForm } from '@/features/admin/components/admin-form';
import { AdminHomeEdit, AdminHomeOverview } from '@/features/admin/components/admin-home-content';
import { AdminPurchaseOrders, AdminSectionList, AdminTrips, adminSectionPath } from '@/features/admin/components/admin-section';
import { displayName, useAuthStore } from '@/features/auth/stores/auth-store';
import { MailMessage, Mailbox } from '@/features/mailbox/components/mailbox';

export function AdminDashboardRoute() {
  const user = useAuthStore((state) => state.user);
  return <AdminDashboard name={displayName(user)} />;
}

export const AdminHomeRoute = AdminHomeOverview;

export function AdminHomeEditRoute() {
  const navigate = useNavigate();
  return <AdminHomeEdit onSaved={() => void navigate('/admin/home')} />;
}

export const AdminSectionRoute = ({ section }: { section: AdminSectionKey }) => <AdminSectionList section={section} />;

export function AdminRecordRoute({ section, mode }: { section: AdminSectionKey; mode: 'create' | 'edit' }) {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  return (
    <AdminRecordForm
      key={`${section}-${mode}-${params.get('id') ?? ''}`}
      section={section}
      id={mode === 'edit' ? params.get('id') : undefined}
      onSaved={() => void navigate(adminSectionPath(section))}
    />
  );
}

export const AdminTripsRoute = AdminTrips;
export const AdminPurchaseOrdersRoute = AdminPurchaseOrders;

export const AdminMailboxRoute = Mailbox;

export function AdminMailRoute() {
  const { id = '' } = useParams();
  return <MailMessage key={id} id={id} />;
}
