import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router-dom';

import { ButtonLink } from '@/components/ui/button';
import { Icon } from '@/components/ui/icon';
import { paths, signInPath } from '@/config/paths';

import { forgetSignedInAnswers } from '../hooks/use-session';
import { useAuthStore } from '../stores/auth-store';
import './auth.css';

/**
 * Says that the session ended (the server refused a signed-in request with 401: signed out in another
 * tab, expired) on whatever page the traveller is, and offers to sign in again and come back to this
 * very page; what they typed at checkout is kept for the tab (lib/checkout-draft). Until then the page
 * shows itself as to a visitor (the header's Sign in, checkout's "Sign in to check out").
 */
export function SessionEndedNotice() {
  const { t } = useTranslation();
  const ended = useAuthStore((state) => state.sessionEnded);
  const dismiss = useAuthStore((state) => state.dismissSessionEnded);
  const queryClient = useQueryClient();
  const { pathname, search, hash } = useLocation();

  // What was read for the account that is no longer signed in is not shown to the next one.
  useEffect(() => {
    if (ended) forgetSignedInAnswers(queryClient);
  }, [ended, queryClient]);

  if (!ended) return null;
  const staff = pathname.startsWith('/admin');
  const signInPage = staff ? paths.admin.login : paths.signIn;
  return (
    <div className="session-ended" role="alert" data-testid="session-ended">
      <Icon name="alert" size={20} className="session-ended__icon" />
      <p className="session-ended__text">{t('auth.sessionEnded')}</p>
      <div className="session-ended__actions">
        {/* On a sign-in page the form is right there. */}
        {pathname === signInPage ? null : (
          <ButtonLink to={signInPath(signInPage, pathname + search + hash)} size="sm">
            {t('auth.signInAgain')}
          </ButtonLink>
        )}
        <button type="button" className="icon-button icon-button--sm" onClick={dismiss} aria-label={t('common.close')}>
          <Icon name="close" size={18} />
        </button>
      </div>
    </div>
  );
}
