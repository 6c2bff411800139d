import { useTranslation } from 'react-i18next';
import { Link, NavLink } from 'react-router-dom';

import { Icon } from '@/components/ui/icon';
import { OpenNowBadge } from '@/components/ui/opening-hours';
import { WhatsAppLink } from '@/components/ui/whatsapp-link';
import { paths } from '@/config/paths';
import { useLanguage } from '@/hooks/use-language';
import { Avatar } from '@/features/auth/components/account-menu';
import { initials, selectIsAuthenticated, useAuthStore } from '@/features/auth/stores/auth-store';
import { CartDrawer } from '@/features/cart/components/cart-drawer';
import { useCartMirrorStore } from '@/features/cart/stores/cart-mirror-store';
import { useUnreadCount } from '@/features/notifications/api/notifications';
import { usePanelsStore } from '@/stores/panels-store';
import { formatNumber } from '@/utils/format';
import { useContact } from '@/features/home/api/contact';

import { CartPanel, renderPanel, usePanelTitle } from './panel-content';
import { PanelHost, PanelToggle } from './panels';
import { useAppCart } from '../session';
import { useOpeningSchedule } from '../use-opening-schedule';

export function Logo({ to = paths.home, suffix }: { to?: string; suffix?: string }) {
  const { t } = useTranslation();
  return (
    // The name holds the words shown ("Mishwar", "Mishwar Admin"), so a voice user can say them.
    <Link to={to} className="logo" aria-label={suffix ? `${t('brand.name')} ${suffix}` : t('brand.home')}>
      <svg className="logo__mark" viewBox="0 0 40 40" aria-hidden="true">
        <circle cx="29" cy="11" r="5" className="logo__sun" />
        <path d="M4 33 L17 13 L30 33 Z" className="logo__pyramid" />
        <path d="M2 35 C12 31 26 37 38 32" className="logo__nile" />
      </svg>
      <span className="logo__word">
        {t('brand.name')}
        {/* A real space, so the name read out is "Mishwar Admin", not "MishwarAdmin". */}
        {suffix ? <> <span className="logo__suffix">{suffix}</span></> : null}
      </span>
    </Link>
  );
}

function useCartCount(): number {
  const cart = useAppCart();
  const mirrored = useCartMirrorStore((state) => state.ids.length);
  return cart.data ? cart.data.data.length : mirrored;
}

/**
 * The sign-in panel's button, or the account's once signed in. `tab` is the phone's tab bar's look
 * (an icon over a word); without it, an icon button of a bar (the driver's bar on a phone too).
 */
export function LoginToggle({ set, tab = set === 'phone' }: { set: 'desktop' | 'phone'; tab?: boolean }) {
  const { t } = useTranslation();
  const signedIn = useAuthStore(selectIsAuthenticated);
  const open = usePanelsStore((state) => state.open?.set === set && state.open.id === 'login');
  const toggle = usePanelsStore((state) => state.toggle);
  const letters = initials(useAuthStore((state) => state.user));
  if (!signedIn) {
    return (
      <PanelToggle
        set={set}
        id="login"
        icon="user"
        label={t('panels.login')}
        shortLabel={tab ? t('nav.tabs.signIn') : undefined}
        showLabel={tab}
        variant={tab ? 'tab' : 'icon'}
      />
    );
  }
  return (
    <button
      type="button"
      id={`panel-toggle-${set}-login`}
      className={tab ? 'tabbar__item' : 'icon-button icon-button--avatar'}
      aria-expanded={open}
      aria-controls={`panel-${set}-login`}
      // The avatar shows the initials: the name starts with them ("SN, your account").
      aria-label={tab ? undefined : letters ? t('panels.accountOf', { initials: letters }) : t('panels.account')}
      onClick={() => toggle(set, 'login')}
    >
      <Avatar size="sm" />
      {tab ? <span>{t('nav.tabs.account')}</span> : null}
    </button>
  );
}

export function SiteHeader() {
  const { t } = useTranslation();
  const language = useLanguage();
  const title = usePanelTitle();
  const count = useCartCount();
  const unread = useUnreadCount(useAuthStore(selectIsAuthenticated));
  // A badge's name starts with the number it shows ("3 stops in your trip"): a voice user says what
  // they see, and assistive checks match a name by its start.
  const cartName = count ? t('panels.cartCount', { count }) : t('panels.cart');
  const bellName = unread ? t('panels.notificationsCount', { count: unread }) : t('panels.notifications');
  const drawerOpen = usePanelsStore((state) => state.cartDrawerOpen);
  const setDrawer = usePanelsStore((state) => state.setCartDrawerOpen);
  const schedule = useOpeningSchedule();
  const contact = useContact();

  return (
    <>
      <a className="skip-link" href="#main">
        {t('common.skipToContent')}
      </a>
      <header className="site-header">
        <div className="topbar">
          <div className="container topbar__inner">
            <span className="topbar__item">
              <Icon name="pin" size={16} /> {t('brand.serviceArea')}
            </span>
            <span className="topbar__item">
              <OpenNowBadge schedule={schedule} />
            </span>
            <span className="topbar__spacer" />
            {contact.phone ? (
              <a className="topbar__item" href={`tel:${contact.phone}`} dir="ltr">
                <Icon name="phone" size={16} /> {contact.phone}
              </a>
            ) : null}
            <WhatsAppLink href={contact.whatsappUrl} />
          </div>
        </div>

        <div className="navbar">
          <div className="container navbar__inner">
            <Logo />
            <nav className="navbar__primary" aria-label={t('nav.main')}>
              <PanelToggle set="desktop" id="destinations" icon="pin" label={t('panels.destinations')} showLabel variant="nav" />
              <PanelToggle set="desktop" id="programs" icon="route" label={t('panels.programs')} showLabel variant="nav" />
              <PanelToggle set="desktop" id="categories" icon="grid" label={t('panels.categories')} showLabel variant="nav" />
              <NavLink className="nav-link" to={paths.rates}>
                {t('nav.rates')}
              </NavLink>
              <NavLink className="nav-link" to={paths.about}>
                {t('nav.about')}
              </NavLink>
            </nav>
            <div className="navbar__tools navbar__tools--desktop">
              <PanelToggle set="desktop" id="search" icon="search" label={t('panels.search')} />
              <PanelToggle set="desktop" id="notifications" icon="bell" label={bellName} badge={unread || undefined} />
              <PanelToggle set="desktop" id="chat" icon="chat" label={t('panels.chat')} />
              <PanelToggle set="desktop" id="languages" icon="globe" label={t('panels.languages')} />
              <PanelToggle set="desktop" id="cart" icon="cart" label={cartName} badge={count} />
              <LoginToggle set="desktop" />
            </div>
            <div className="navbar__tools navbar__tools--phone">
              <PanelToggle set="phone" id="search" icon="search" label={t('panels.search')} />
              <PanelToggle set="phone" id="notifications" icon="bell" label={bellName} badge={unread || undefined} />
              <PanelToggle set="phone" id="languages" icon="globe" label={t('panels.languages')} />
              <button
                type="button"
                className="icon-button"
                aria-label={cartName}
                aria-expanded={drawerOpen}
                aria-controls="cart-drawer"
                data-count={count}
                onClick={() => setDrawer(!drawerOpen)}
              >
                <Icon name="cart" size={22} />
                {count ? <span className="counter">{formatNumber(count, language)}</span> : null}
              </button>
            </div>
          </div>
          <div className="container panel-anchor panel-anchor--desktop">
            <PanelHost set="desktop" title={title} render={renderPanel} />
          </div>
        </div>
      </header>

      <div className="panel-anchor panel-anchor--phone">
        <PanelHost set="phone" title={title} render={renderPanel} />
      </div>

      <nav className="tabbar" aria-label={t('nav.phone')}>
        <NavLink to={paths.home} className="tabbar__item" end>
          <Icon name="home" size={22} />
          <span>{t('nav.home')}</span>
        </NavLink>
        <PanelToggle set="phone" id="destinations" icon="pin" label={t('panels.destinations')} shortLabel={t('nav.tabs.destinations')} showLabel variant="tab" />
        <PanelToggle set="phone" id="programs" icon="route" label={t('panels.programs')} shortLabel={t('nav.tabs.programs')} showLabel variant="tab" />
        <PanelToggle set="phone" id="categories" icon="grid" label={t('panels.categories')} shortLabel={t('nav.tabs.categories')} showLabel variant="tab" />
        <PanelToggle set="phone" id="chat" icon="chat" label={t('panels.chat')} shortLabel={t('nav.tabs.chat')} showLabel variant="tab" />
        <LoginToggle set="phone" />
      </nav>

      <div id="cart-drawer">
        <CartDrawer open={drawerOpen} onClose={() => setDrawer(false)}>
          <CartPanel onNavigate={() => setDrawer(false)} />
        </CartDrawer>
      </div>
    </>
  );
}
