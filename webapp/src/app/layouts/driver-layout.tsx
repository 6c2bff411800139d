import { useTranslation } from 'react-i18next';

import { Icon } from '@/components/ui/icon';
import { paths } from '@/config/paths';
import { selectIsAuthenticated, useAuthStore } from '@/features/auth/stores/auth-store';
import { useDispatchT } from '@/features/dispatch/components/messages';
import { useContact } from '@/features/home/api/contact';
import { useUnreadCount } from '@/features/notifications/api/notifications';

import { LoginToggle, Logo } from './header';
import { useNavigationReset } from './home-layout';
import { LazyPage } from './lazy-page';
import { renderPanel, usePanelTitle } from './panel-content';
import { PanelHost, PanelToggle } from './panels';
import './driver-layout.css';

/**
 * The driver's phone: the trips and nothing of the shop. A driver at the wheel needs the next step's
 * button on the first screen, not the shop's topbar, cart, tab bar and footer around it; what they
 * keep is the bell (a trip given or taken away), the office's phone, the language and their account.
 */
export function DriverLayout() {
  const { t } = useTranslation();
  const dispatch = useDispatchT();
  const title = usePanelTitle();
  const contact = useContact();
  const unread = useUnreadCount(useAuthStore(selectIsAuthenticated));
  // A traveller who opened /driver goes home from the logo; a driver's logo leads to their trips.
  const isDriver = useAuthStore((state) => state.user?.role === 'driver');
  const bellName = unread ? t('panels.notificationsCount', { count: unread }) : t('panels.notifications');
  useNavigationReset();
  return (
    <div className="driver-shell">
      <a className="skip-link" href="#main">
        {t('common.skipToContent')}
      </a>
      <header className="driver-bar">
        <div className="container driver-bar__inner">
          <Logo to={isDriver ? paths.driver : paths.home} suffix={dispatch.t('driver.badge')} />
          <div className="driver-bar__tools">
            {contact.phone ? (
              <a className="icon-button" href={`tel:${contact.phone}`} aria-label={dispatch.t('driver.callOffice', { phone: contact.phone })}>
                <Icon name="phone" size={22} />
              </a>
            ) : null}
            <PanelToggle set="desktop" id="notifications" icon="bell" label={bellName} badge={unread || undefined} />
            <PanelToggle set="desktop" id="languages" icon="globe" label={t('panels.languages')} />
            <LoginToggle set="desktop" />
          </div>
        </div>
        <div className="container driver-bar__anchor">
          <PanelHost set="desktop" title={title} render={renderPanel} />
        </div>
      </header>
      <main id="main" className="main container driver-main" tabIndex={-1}>
        <LazyPage />
      </main>
    </div>
  );
}
