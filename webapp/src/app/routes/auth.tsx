import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router-dom';

import { PageSpinner } from '@/components/ui/spinner';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { paths, safeReturnPath } from '@/config/paths';
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
  const returnTo = useReturnTo(paths.home);
  const status = useAuthStore((state) => state.status);
  if (status === 'restoring') return <PageSpinner />;
  if (status === 'signedIn') return <Navigate to={returnTo} replace />;
  return (
    <AuthCard
      title={t('auth.signInTitle')}
      lead={t('auth.signInLead')}
      footer={
        <>
          {t('auth.noAccount')} <Link to={`${paths.signUp}${returnTo !== paths.home ? `?redirect=${encodeURIComponent(returnTo)}` : ''}`}>{t('auth.signUpLink')}</Link>
        </>
      }
    >
      <SignInForm onSignedIn={() => void navigate(returnTo, { replace: true })} />
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
    <AuthCard title={t('auth.resetTitle')} lead={t('auth.resetLead')}>
      <ResetPasswordForm token={token} onDone={() => void navigate(signIn, { replace: true })} />
    </AuthCard>
  );
}

export const AdminPasswordResetRoute = () => <ResetPasswordRoute audience="admin" />;

export function AdminLoginRoute() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const returnTo = useReturnTo(paths.admin.dashboard);
  return (
    <AuthCard title={t('auth.adminTitle')} lead={t('auth.adminLead')}>
      <SignInForm audience="admin" onSignedIn={() => void navigate(returnTo.startsWith('/admin/') ? returnTo : paths.admin.dashboard, { replace: true })} />
    </AuthCard>
  );
}
