import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router-dom';

import { Button, ButtonLink } from '@/components/ui/button';
import { Icon } from '@/components/ui/icon';
import { LoadFailureBoundary } from '@/components/ui/load-failure';
import { Spinner } from '@/components/ui/spinner';
import { paths, signInPath } from '@/config/paths';
import { loadMessages } from '@/lib/i18n';
import { lazyComponent } from '@/lib/lazy-component';
import { toast } from '@/lib/toast';

import { useSignOut } from '../hooks/use-session';
import { displayName, initials, selectIsAuthenticated, useAuthStore } from '../stores/auth-store';
import './auth.css';

// The header's panel shows the form only when opened: its form library and its words (the site's part
// of the translations) stay out of the first download. Should it not load (offline), the panel says so
// in the form's place and loads it when the connection is back.
const SignInForm = lazyComponent(() =>
  Promise.all([import('./sign-in-form'), loadMessages('site').catch(() => undefined)]).then(([m]) => m.SignInForm),
);

export function Avatar({ size = 'md' }: { size?: 'sm' | 'md' }) {
  const user = useAuthStore((state) => state.user);
  const text = initials(user);
  return (
    <span className={`avatar avatar--${size}`} aria-hidden="true">
      {text || <Icon name="user" size={size === 'sm' ? 16 : 20} />}
    </span>
  );
}

/** Content of the header's login panel: a short sign-in form, or the account menu. */
export function AccountMenu({ onNavigate }: { onNavigate: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const signedIn = useAuthStore(selectIsAuthenticated);
  const user = useAuthStore((state) => state.user);
  const isAdmin = useAuthStore((state) => state.isAdmin);
  const signOut = useSignOut();

  if (!signedIn) {
    return (
      <div className="stack">
        <p className="panel__intro">{t('auth.panelIntro')}</p>
        <LoadFailureBoundary compact>
          <Suspense fallback={<Spinner />}>
            <SignInForm
              compact
              onSignedIn={(signedIn) => {
                onNavigate();
                // A driver signing in from the header goes to their trips; others stay where they are.
                if (signedIn.role === 'driver') void navigate(paths.driver);
              }}
            />
          </Suspense>
        </LoadFailureBoundary>
        <p className="panel__footer-text">
          {t('auth.noAccount')}{' '}
          <Link to={paths.signUp} onClick={onNavigate}>
            {t('auth.signUpLink')}
          </Link>
        </p>
      </div>
    );
  }

  return (
    <div className="stack">
      <div className="account-card">
        <Avatar />
        <div>
          <p className="account-card__name">{displayName(user)}</p>
          {user?.email ? <p className="account-card__email">{user.email}</p> : null}
        </div>
      </div>
      <nav className="menu" aria-label={t('account.menuLabel')}>
        <Link className="menu__item" to={paths.account} onClick={onNavigate}>
          <Icon name="user" /> {t('account.title')}
        </Link>
        <Link className="menu__item" to={`${paths.account}?tab=orders`} onClick={onNavigate}>
          <Icon name="ticket" /> {t('account.tabs.orders')}
        </Link>
        {user?.role === 'driver' ? (
          <Link className="menu__item" to={paths.driver} onClick={onNavigate}>
            <Icon name="car" /> {t('auth.myTrips')}
          </Link>
        ) : null}
        {isAdmin ? (
          <Link className="menu__item" to={paths.admin.dashboard} onClick={onNavigate}>
            <Icon name="dashboard" /> {t('admin.dashboard.title')}
          </Link>
        ) : null}
      </nav>
      <Button
        variant="secondary"
        block
        icon={<Icon name="logout" size={18} />}
        onClick={() => {
          void signOut().then(() => {
            toast.info(t('auth.signedOut'));
            onNavigate();
            void navigate(paths.home);
          });
        }}
      >
        {t('auth.signOut')}
      </Button>
    </div>
  );
}

export function SignInCallout({ onNavigate }: { onNavigate?: () => void }) {
  const { t } = useTranslation();
  // Signing in or up from a page comes back to it.
  const { pathname, search } = useLocation();
  return (
    <div className="stack stack--tight">
      <ButtonLink to={signInPath(paths.signIn, pathname + search)} onClick={onNavigate} block>
        {t('auth.signInAction')}
      </ButtonLink>
      <ButtonLink to={signInPath(paths.signUp, pathname + search)} onClick={onNavigate} variant="secondary" block>
        {t('auth.signUpLink')}
      </ButtonLink>
    </div>
  );
}
