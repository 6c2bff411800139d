import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink, Outlet, useNavigate } from 'react-router-dom';

import { LanguageChoices } from '@/components/preferences';
import { Button } from '@/components/ui/button';
import { Icon, type IconName } from '@/components/ui/icon';
import { PageSpinner } from '@/components/ui/spinner';
import { ADMIN_SECTIONS, paths, type AdminSectionKey } from '@/config/paths';
import { Avatar } from '@/features/auth/components/account-menu';
import { useSignOut } from '@/features/auth/hooks/use-session';
import { displayName, useAuthStore } from '@/features/auth/stores/auth-store';
import { useSupportT } from '@/features/support/components/messages';
import { toast } from '@/lib/toast';

import { Logo } from './header';
import { useNavigationReset } from './home-layout';
import './admin-layout.css';

const SECTION_ICONS: Record<AdminSectionKey, IconName> = {
  rate: 'wallet',
  offer: 'star',
  driver: 'car',
  country: 'globe',
  category: 'grid',
  destination: 'pin',
  program: 'route',
  pickup: 'pin',
};

export function AdminLayout() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const user = useAuthStore((state) => state.user);
  const signOut = useSignOut();
  const support = useSupportT();
  useNavigationReset();

  const links: Array<{ to: string; icon: IconName; label: string }> = [
    { to: paths.admin.dashboard, icon: 'dashboard', label: t('admin.dashboard.title') },
    { to: paths.admin.home, icon: 'home', label: t('admin.homeContent.title') },
    ...ADMIN_SECTIONS.map((section) => ({ to: section.path, icon: SECTION_ICONS[section.key], label: t(`admin.sections.${section.key}.plural`) })),
    { to: paths.admin.trips, icon: 'calendar', label: t('admin.trips.title') },
    { to: paths.admin.purchaseOrders, icon: 'ticket', label: t('admin.purchaseOrders.title') },
    { to: paths.admin.support, icon: 'search', label: support.t('title') },
    { to: paths.admin.mailbox, icon: 'mail', label: t('mailbox.title') },
  ];

  return (
    <div className="admin-shell">
      <aside className="admin-shell__sidebar">
        <Logo to={paths.admin.dashboard} suffix={t('admin.badge')} />
        <nav className="admin-nav" aria-label={t('admin.navLabel')}>
          {links.map((link) => (
            <NavLink key={link.to} to={link.to} className="admin-nav__link" end={link.to === paths.admin.home}>
              <Icon name={link.icon} size={18} />
              <span>{link.label}</span>
            </NavLink>
          ))}
        </nav>
      </aside>
      <div className="admin-shell__body">
        <header className="admin-topbar">
          <div className="admin-topbar__user">
            <Avatar size="sm" />
            <span>{displayName(user)}</span>
          </div>
          <div className="inline-choices inline-choices--compact">
            <LanguageChoices />
          </div>
          <Button
            variant="ghost"
            size="sm"
            icon={<Icon name="logout" size={16} />}
            onClick={() => {
              void signOut().then(() => {
                toast.info(t('auth.signedOut'));
                void navigate(paths.admin.login);
              });
            }}
          >
            {t('auth.signOut')}
          </Button>
        </header>
        <main id="main" className="admin-shell__main" tabIndex={-1}>
          <Suspense fallback={<PageSpinner />}>
            <Outlet />
          </Suspense>
        </main>
      </div>
    </div>
  );
}
