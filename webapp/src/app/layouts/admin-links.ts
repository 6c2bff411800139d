import { useTranslation } from 'react-i18next';

import type { IconName } from '@/components/ui/icon';
import { adminMenu, type AdminMenuKey } from '@/config/admin-access';
import { useAuthStore } from '@/features/auth/stores/auth-store';
import { useDispatchT } from '@/features/dispatch/components/messages';
import { useSupportT } from '@/features/support/components/messages';

const ICONS: Record<AdminMenuKey, IconName> = {
  dashboard: 'dashboard',
  home: 'home',
  rate: 'wallet',
  offer: 'star',
  driver: 'car',
  country: 'globe',
  category: 'grid',
  destination: 'pin',
  program: 'route',
  pickup: 'pin',
  trips: 'calendar',
  planner: 'grid',
  purchaseOrders: 'ticket',
  processSteps: 'refresh',
  support: 'search',
  mailbox: 'mail',
  reviews: 'star',
};

export interface AdminLink {
  key: AdminMenuKey;
  to: string;
  icon: IconName;
  label: string;
}

/** The signed-in account's role, as the server confirmed it at the admin area's door. */
export const useStaffRole = () => useAuthStore((state) => state.user?.role);

/** The admin screens the signed-in role may use, labelled: the menu and the dashboard's links. */
export function useAdminLinks(): AdminLink[] {
  const { t } = useTranslation();
  const support = useSupportT();
  const dispatch = useDispatchT();
  const role = useStaffRole();
  const label = (key: AdminMenuKey): string => {
    switch (key) {
      case 'dashboard':
        return t('admin.dashboard.title');
      case 'home':
        return t('admin.homeContent.title');
      case 'trips':
        return t('admin.trips.title');
      case 'planner':
        return dispatch.t('planner.title');
      case 'purchaseOrders':
        return t('admin.purchaseOrders.title');
      case 'processSteps':
        return t('processSteps.title');
      case 'support':
        return support.t('title');
      case 'mailbox':
        return t('mailbox.title');
      case 'reviews':
        return t('reviews.moderationTitle');
      default:
        return t(`admin.sections.${key}.plural`);
    }
  };
  return adminMenu(role).map((entry) => ({ key: entry.key, to: entry.path, icon: ICONS[entry.key], label: label(entry.key) }));
}
