import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink, Outlet, useLocation, useNavigate } from 'react-router-dom';

import { LanguageChoices } from '@/components/preferences';
import { Button, ButtonLink } from '@/components/ui/button';
import { Icon } from '@/components/ui/icon';
import { LeavePrompt } from '@/components/ui/leave-prompt';
import { PageHeader } from '@/components/ui/page-header';
import { usePanelFocus } from '@/components/ui/use-panel-focus';
import { adminFeatureOf, adminStart, canUse } from '@/config/admin-access';
import { paths } from '@/config/paths';
import { Avatar } from '@/features/auth/components/account-menu';
import { useSignOut } from '@/features/auth/hooks/use-session';
import { displayName, useAuthStore } from '@/features/auth/stores/auth-store';
import { toast } from '@/lib/toast';
import { cx } from '@/utils/cx';

import { useAdminLinks, useStaffRole } from './admin-links';
import { Logo } from './header';
import { useNavigationReset } from './home-layout';
import { LazyPage } from './lazy-page';
import './admin-layout.css';

/** An admin screen the signed-in role may not use: said plainly, instead of a page whose loads fail. */
function NotForRole({ role }: { role: string | null | undefined }) {
  const { t } = useTranslation();
  return (
    <section className="stack" data-testid="not-for-role">
      <PageHeader title={t('admin.notForRole.title')} lead={t('admin.notForRole.text', { role: t(`admin.roles.${role ?? 'support'}`) })} />
      <div>
        <ButtonLink to={adminStart(role)} icon={<Icon name="dashboard" size={18} />}>
          {t('admin.notForRole.back')}
        </ButtonLink>
      </div>
    </section>
  );
}

export function AdminLayout() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const user = useAuthStore((state) => state.user);
  const signOut = useSignOut();
  const role = useStaffRole();
  const links = useAdminLinks();
  const { pathname } = useLocation();
  const feature = adminFeatureOf(pathname);
  const allowed = feature === undefined || canUse(role, feature);
  useNavigationReset();
  // On a phone the menu's links fold behind one button beside the logo, so the screen itself starts
  // near the top; a choice folds them again. (On a desktop the column always shows them.)
  const [openAt, setOpenAt] = useState<string | null>(null);
  const menuOpen = openAt === pathname;
  // The folded menu opens in the page's flow, under its button, covering nothing: a disclosure.
  // Escape folds it again and gives the focus back to the button; it stays open while the keyboard
  // goes through its links and on into the screen.
  const menuRef = useRef<HTMLElement>(null);
  const toggleRef = useRef<HTMLButtonElement>(null);
  usePanelFocus(menuRef, { open: menuOpen, modal: false, focusOnOpen: false, closeOnLeave: false, onClose: () => setOpenAt(null), opener: () => toggleRef.current });

  return (
    <div className="admin-shell">
      {/* Past the menu's eighteen links to the screen itself. */}
      <a className="skip-link" href="#main">
        {t('common.skipToContent')}
      </a>
      <aside className="admin-shell__sidebar">
        <div className="admin-shell__sidebar-inner">
          <div className="admin-shell__brand">
            <Logo to={adminStart(role)} suffix={role === 'support' ? t('admin.roles.support') : t('admin.badge')} />
            <button
              ref={toggleRef}
              type="button"
              className="admin-menu-toggle"
              aria-expanded={menuOpen}
              aria-controls="admin-nav"
              onClick={() => setOpenAt(menuOpen ? null : pathname)}
              data-testid="admin-menu-toggle"
            >
              <Icon name={menuOpen ? 'close' : 'menu'} size={18} />
              <span>{t('admin.menu')}</span>
            </button>
          </div>
          <nav ref={menuRef} id="admin-nav" className={cx('admin-nav', menuOpen && 'admin-nav--open')} aria-label={t('admin.navLabel')}>
            {links.map((link) => (
              <NavLink key={link.to} to={link.to} className="admin-nav__link" end={link.to === paths.admin.home}>
                <Icon name={link.icon} size={18} />
                <span>{link.label}</span>
              </NavLink>
            ))}
          </nav>
        </div>
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
          <LazyPage>{allowed ? <Outlet /> : <NotForRole role={role} />}</LazyPage>
        </main>
      </div>
      {/* Asks before a screen holding unsaved work is left (useLeaveGuard). */}
      <LeavePrompt />
    </div>
  );
}
