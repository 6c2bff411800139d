import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router-dom';

import { PageSpinner } from '@/components/ui/spinner';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { adminStart } from '@/config/admin-access';
import { isStaffRole } from '@/config/roles';
import { paths, safeReturnPath, signInPath } from '@/config/paths';
import { landingAfterSignIn } from '@/features/auth/landing';
import { NoAdminAccess } from '@/features/auth/components/no-admin-access';
import { ForgotPasswordForm, ResetPasswordForm } from '@/features/auth/components/password-reset-forms';
import { SignInForm } from '@/features/auth/components/sign-in-form';
import { SignUpForm } from '@/features/auth/components/sign-up-form';
import { useAuthStore } from '@/features/auth/stores/auth-store';

function AuthCard({ title, lead, children, footer }: { title: string; lead?: string; children: ReactNode; footer?: ReactNode }) {
  useDocumentTitle(title);
  return (
    <section className="auth-card">
      <h1 className="auth-card__title">{title}</h1>
      {lead ? <p className="auth-card__lead">{lead}</p> : null}
      {children}
      {footer ? <p className="auth-card__footer">{footer}</p> : null}
    </section>
  );
}

function useReturnTo(fallback: string): string {
  const [params] = useSearchParams();
  return safeReturnPath(params.get('redirect'), fallback);
}

export function SignInRoute() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const asked = params.get('redirect') ? safeReturnPath(params.get('redirect'), paths.home) : null;
  const returnTo = asked ?? paths.home;
  // Just after an invitation set the account's first password: nobody is coming back yet.
  const firstTime = params.get('first') === '1';
  const status = useAuthStore((state) => state.status);
  const role = useAuthStore((state) => state.user?.role);
  if (status === 'restoring') return <PageSpinner />;
  if (status === 'signedIn') return <Navigate to={landingAfterSignIn(role, asked)} replace />;
  return (
    <AuthCard
      title={t(firstTime ? 'auth.firstSignInTitle' : 'auth.signInTitle')}
      lead={t(firstTime ? 'auth.firstSignInLead' : 'auth.signInLead')}
      footer={
        <>
          {t('auth.noAccount')} <Link to={signInPath(paths.signUp, returnTo)}>{t('auth.signUpLink')}</Link>
        </>
      }
    >
      <SignInForm firstTime={firstTime} onSignedIn={(user) => void navigate(landingAfterSignIn(user.role, asked), { replace: true })} />
    </AuthCard>
  );
}

export function SignUpRoute() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const returnTo = useReturnTo(paths.home);
  return (
    <AuthCard
      title={t('auth.signUpTitle')}
      lead={t('auth.signUpLead')}
      footer={
        <>
          {t('auth.haveAccount')} <Link to={paths.signIn}>{t('auth.signInAction')}</Link>
        </>
      }
    >
      <SignUpForm
        onSignedIn={() => void navigate(returnTo, { replace: true })}
        onRegistered={() => void navigate(`${paths.signIn}?redirect=${encodeURIComponent(returnTo)}`, { replace: true })}
      />
    </AuthCard>
  );
}

export function ForgotPasswordRoute() {
  const { t } = useTranslation();
  return (
    <AuthCard title={t('auth.forgotTitle')} lead={t('auth.forgotLead')} footer={<Link to={paths.signIn}>{t('auth.backToSignIn')}</Link>}>
      <ForgotPasswordForm audience="user" />
    </AuthCard>
  );
}

export function ResetPasswordRoute({ audience = 'user' }: { audience?: 'user' | 'admin' }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const token = params.get('token');
  // A driver's invitation from the office links here with invite=1: the same token, a first password.
  const invite = params.get('invite') === '1';
  const signIn = audience === 'admin' ? paths.admin.login : paths.signIn;
  if (!token) {
    return audience === 'admin' ? (
      <AuthCard title={t('auth.adminResetTitle')} lead={t('auth.forgotLead')} footer={<Link to={signIn}>{t('auth.backToSignIn')}</Link>}>
        <ForgotPasswordForm audience="admin" />
      </AuthCard>
    ) : (
      <Navigate to={paths.forgotPassword} replace />
    );
  }
  return (
    <AuthCard title={t(invite ? 'auth.inviteTitle' : 'auth.resetTitle')} lead={t(invite ? 'auth.inviteLead' : 'auth.resetLead')}>
      {/* The reset answers no session (a mailed link is not a sign-in): an invitation goes on to the
          account's first sign-in, which says so. */}
      <ResetPasswordForm token={token} invite={invite} onDone={() => void navigate(invite ? `${signIn}?first=1` : signIn, { replace: true })} />
    </AuthCard>
  );
}

export const AdminPasswordResetRoute = () => <ResetPasswordRoute audience="admin" />;

/**
 * /admin/login. Signed in with a staff account, it goes on into the admin area; signed in with a
 * traveller's or driver's account, it says once that this account has no access (never a loop back
 * through the admin area's guard).
 */
export function AdminLoginRoute() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const asked = useReturnTo(paths.admin.dashboard);
  const status = useAuthStore((state) => state.status);
  const user = useAuthStore((state) => state.user);
  // A staff role the server has not turned away (the admin area's guard drops the flag if it does).
  const isAdmin = useAuthStore((state) => state.isAdmin);
  const target = (role: string | null | undefined) => (asked.startsWith('/admin/') ? asked : adminStart(role));
  if (status === 'restoring') return <PageSpinner />;
  if (status === 'signedIn' && user) {
    return isAdmin && isStaffRole(user.role) ? <Navigate to={target(user.role)} replace /> : <NoAdminAccess user={user} />;
  }
  return (
    <AuthCard title={t('auth.adminTitle')} lead={t('auth.adminLead')}>
      <SignInForm audience="admin" onSignedIn={(signedIn) => void navigate(target(signedIn.role), { replace: true })} />
    </AuthCard>
  );
}
