import { useTranslation } from 'react-i18next';

import { ButtonLink } from '@/components/ui/button';
import { Icon } from '@/components/ui/icon';
import { PageHeader } from '@/components/ui/page-header';
import { ADMIN_SECTIONS, paths, type AdminSectionKey } from '@/config/paths';

import { ADMIN_SECTION_SPECS } from '../sections';

import { AdminTable } from './admin-table';

export function AdminSectionList({ section }: { section: AdminSectionKey }) {
  const { t } = useTranslation();
  const meta = ADMIN_SECTIONS.find((item) => item.key === section);
  const spec = ADMIN_SECTION_SPECS[section];
  if (!meta) return null;
  return (
    <>
      <PageHeader
        title={t(`admin.sections.${section}.plural`)}
        lead={t(`admin.sections.${section}.lead`)}
        actions={
          <ButtonLink to={`${meta.path}/create`} icon={<Icon name="plus" size={18} />}>
            {t('admin.create', { item: t(`admin.sections.${section}.singular`) })}
          </ButtonLink>
        }
      />
      <AdminTable
        endpoint={spec.listEndpoint}
        columns={spec.columns}
        caption={t(`admin.sections.${section}.plural`)}
        emptyTitle={t('admin.emptyTitle', { items: t(`admin.sections.${section}.plural`) })}
        editPath={meta.edit ? (row) => `${meta.path}/edit?id=${encodeURIComponent(row.id)}` : undefined}
      />
    </>
  );
}

export function AdminTrips() {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader title={t('admin.trips.title')} lead={t('admin.trips.lead')} />
      <AdminTable endpoint="/api/admin/trips" columns={['trip_number', 'date', 'status', 'driver']} caption={t('admin.trips.title')} emptyTitle={t('admin.trips.empty')} />
    </>
  );
}

export function AdminPurchaseOrders() {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader title={t('admin.purchaseOrders.title')} lead={t('admin.purchaseOrders.lead')} />
      <AdminTable
        endpoint="/api/admin/purchase-orders"
        columns={['order_number', 'customer', 'date', 'total', 'status']}
        caption={t('admin.purchaseOrders.title')}
        emptyTitle={t('admin.purchaseOrders.empty')}
      />
    </>
  );
}

export const adminSectionPath = (section: AdminSectionKey) => ADMIN_SECTIONS.find((item) => item.key === section)?.path ?? paths.admin.dashboard;
