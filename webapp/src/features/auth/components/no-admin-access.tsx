import { useTranslation } from 'react-i18next';

import { Button, ButtonLink } from '@/components/ui/button';
import { Icon } from '@/components/ui/icon';
import { PART, SentenceWith } from '@/components/ui/sentence-with';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { paths } from '@/config/paths';

import { useSignOut } from '../hooks/use-session';
import type { User } from '../types';
import './auth.css';

/**
 * What a signed-in traveller or driver sees at the admin door (/admin/login or any /admin page): one
 * message saying this account has no access, the way to where it belongs (a driver's trips, or the
 * site), and a way to sign in with a staff account instead. Never a redirect: the session stays.
 */
export function NoAdminAccess({ user }: { user: User }) {
  const { t } = useTranslation();
  const signOut = useSignOut();
  const title = t('auth.notAdmin');
  useDocumentTitle(title);
  const driver = user.role === 'driver';
  return (
    <section className="auth-card" role="alert" data-testid="no-admin-access">
      <h1 className="auth-card__title auth-card__title--message">{title}</h1>
      <p className="auth-card__lead">
        {/* The address is isolated left-to-right so Arabic does not reorder it. */}
        <SentenceWith text={t('auth.notAdminLead', { email: PART })} tag="email">
          <bdi dir="ltr">{user.email}</bdi>
        </SentenceWith>
      </p>
      <div className="stack stack--tight">
        {driver ? (
          <ButtonLink to={paths.driver} block icon={<Icon name="car" size={18} />}>
            {t('auth.openMyTrips')}
          </ButtonLink>
        ) : (
          <ButtonLink to={paths.home} block icon={<Icon name="home" size={18} />}>
            {t('auth.backToSite')}
          </ButtonLink>
        )}
        <Button variant="secondary" block onClick={() => void signOut()}>
          {t('auth.otherAccount')}
        </Button>
      </div>
    </section>
  );
}
