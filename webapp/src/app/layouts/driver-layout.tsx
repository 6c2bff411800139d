import { useTranslation } from 'react-i18next';

import { Icon } from '@/components/ui/icon';
import { PHONE_MEDIA_QUERY } from '@/config/constants';
import { paths } from '@/config/paths';
import { selectIsAuthenticated, useAuthStore } from '@/features/auth/stores/auth-store';
import { useDispatchT } from '@/features/dispatch/components/messages';
import { useContact } from '@/features/home/api/contact';
import { useUnreadCount } from '@/features/notifications/api/notifications';
import { useMediaQuery } from '@/hooks/use-media-query';
import type { PanelSet } from '@/stores/panels-store';

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
 *
 * Its panels are what the traveller header's are at the same width (app/layouts/panels.tsx): on a
 * phone a sheet over the page, a modal dialog (the phone set); on a wide screen a disclosure under
 * its button (the desktop set). One row of buttons serves both, so the set follows the viewport.
 */
export function DriverLayout() {
  const { t } = useTranslation();
  const dispatch = useDispatchT();
  const title = usePanelTitle();
  const contact = useContact();
  const unread = useUnreadCount(useAuthStore(selectIsAuthenticated));
  // A traveller who opened /driver goes home from the logo; a driver's logo leads to their trips.
  const isDriver = useAuthStore((state) => state.user?.role === 'driver');
  const set: PanelSet = useMediaQuery(PHONE_MEDIA_QUERY) ? 'phone' : 'desktop';
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
            <PanelToggle set={set} id="notifications" icon="bell" label={bellName} badge={unread || undefined} />
            <PanelToggle set={set} id="languages" icon="globe" label={t('panels.languages')} />
            <LoginToggle set={set} tab={false} />
          </div>
        </div>
        {set === 'desktop' ? (
          <div className="container driver-bar__anchor">
            <PanelHost set="desktop" title={title} render={renderPanel} />
          </div>
        ) : null}
      </header>
      {/* Outside the bar, as the traveller's: the sheet and its backdrop cover the bar too. */}
      {set === 'phone' ? (
        <div className="panel-anchor panel-anchor--phone">
          <PanelHost set="phone" title={title} render={renderPanel} />
        </div>
      ) : null}
      <main id="main" className="main container driver-main" tabIndex={-1}>
        <LazyPage />
      </main>
    </div>
  );
}
