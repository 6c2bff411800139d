import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';

import { CurrencyChoices, LanguageChoices } from '@/components/preferences';
import { OpeningHours } from '@/components/ui/opening-hours';
import { LoadFailureBoundary } from '@/components/ui/load-failure';
import { EmptyState } from '@/components/ui/states';
import { WhatsAppLink } from '@/components/ui/whatsapp-link';
import { AccountMenu, SignInCallout } from '@/features/auth/components/account-menu';
import { selectIsAuthenticated, useAuthStore } from '@/features/auth/stores/auth-store';
import { CartContents } from '@/features/cart/components/cart-contents';
import { CategoriesPanel, DestinationsPanel, SearchPanel } from '@/features/destinations/components/panels';
import { ProgramsPanel } from '@/features/programs/components/programs-list';
import type { PanelId } from '@/stores/panels-store';
import { useDetailSeparator } from '@/hooks/use-detail-separator';
import { useContact } from '@/features/home/api/contact';
import { lazyComponent } from '@/lib/lazy-component';

import { useAppCart } from '../session';
import { useOpeningSchedule } from '../use-opening-schedule';

// The bell's list loads when the bell is first opened (its count alone is on every page).
const NotificationsList = lazyComponent(() => import('@/features/notifications/components/notifications-list').then((m) => m.NotificationsList));

function NotificationsPanel({ onNavigate }: { onNavigate: () => void }) {
  const { t } = useTranslation();
  const signedIn = useAuthStore(selectIsAuthenticated);
  if (!signedIn) {
    return (
      <div className="stack">
        <EmptyState compact icon="bell" title={t('notifications.signedOut')} />
        <SignInCallout onNavigate={onNavigate} />
      </div>
    );
  }
  return (
    <LoadFailureBoundary compact>
      <Suspense fallback={null}>
        <NotificationsList
          onNavigate={onNavigate}
          empty={<EmptyState compact icon="bell" title={t('notifications.emptyTitle')} description={t('notifications.emptyText')} />}
        />
      </Suspense>
    </LoadFailureBoundary>
  );
}

function ChatPanel() {
  const separator = useDetailSeparator();
  const { t } = useTranslation();
  const schedule = useOpeningSchedule();
  const contact = useContact();
  const ways = [
    contact.phone ? (
      <a key="phone" href={`tel:${contact.phone}`} dir="ltr">
        {contact.phone}
      </a>
    ) : null,
    contact.email ? (
      <a key="email" href={`mailto:${contact.email}`}>
        {contact.email}
      </a>
    ) : null,
  ].filter(Boolean);
  return (
    <div className="stack">
      <p className="panel__intro">{t('chat.intro')}</p>
      <WhatsAppLink href={contact.whatsappUrl} variant="button" label={t('chat.whatsapp')} />
      {ways.length ? (
        <p className="small">
          {ways[0]}
          {ways.length > 1 ? separator : null}
          {ways[1]}
        </p>
      ) : null}
      <OpeningHours schedule={schedule} />
    </div>
  );
}

export function CartPanel({ onNavigate }: { onNavigate: () => void }) {
  const signedIn = useAuthStore(selectIsAuthenticated);
  const cart = useAppCart();
  return <CartContents cart={cart} signedIn={signedIn} signIn={<SignInCallout onNavigate={onNavigate} />} onNavigate={onNavigate} />;
}

/** The open panel's heading: the account panel is "Sign in" to a visitor and "Account" once signed in. */
export function usePanelTitle(): (id: PanelId) => string {
  const { t } = useTranslation();
  const signedIn = useAuthStore(selectIsAuthenticated);
  return (id) => t(id === 'login' && signedIn ? 'panels.account' : `panels.${id}`);
}

export function renderPanel(id: PanelId, close: () => void) {
  switch (id) {
    case 'destinations':
      return <DestinationsPanel onNavigate={close} />;
    case 'programs':
      return <ProgramsPanel onNavigate={close} />;
    case 'categories':
      return <CategoriesPanel onNavigate={close} />;
    case 'notifications':
      return <NotificationsPanel onNavigate={close} />;
    case 'languages':
      return (
        <div className="stack">
          <LanguageChoices onChosen={close} />
          <CurrencyChoices />
        </div>
      );
    case 'cart':
      return <CartPanel onNavigate={close} />;
    case 'search':
      return <SearchPanel onNavigate={close} />;
    case 'login':
      return <AccountMenu onNavigate={close} />;
    case 'chat':
      return <ChatPanel />;
  }
}
