import { useTranslation } from 'react-i18next';
import { useNavigate, useParams, useSearchParams } from 'react-router-dom';

import { ButtonLink } from '@/components/ui/button';
import { PageHeader } from '@/components/ui/page-header';
import { EmptyState } from '@/components/ui/states';
import { Tabs } from '@/components/ui/tabs';
import { paths } from '@/config/paths';
import { ChangePasswordForm } from '@/features/account/components/change-password-form';
import { OrderChangeForm, OrderDetail } from '@/features/account/components/order-detail';
import { OrderHistory } from '@/features/account/components/order-history';
import { Avatar } from '@/features/auth/components/account-menu';
import { displayName, useAuthStore } from '@/features/auth/stores/auth-store';

const TABS = ['personal', 'password', 'orders', 'addresses', 'wishlist', 'points'] as const;
type AccountTab = (typeof TABS)[number];
const isTab = (value: string | null): value is AccountTab => TABS.includes(value as AccountTab);

function PersonalInfo() {
  const { t } = useTranslation();
  const user = useAuthStore((state) => state.user);
  return (
    <div className="stack">
      <div className="account-card account-card--lg">
        <Avatar />
        <div>
          <p className="account-card__name">{displayName(user)}</p>
          <p className="account-card__email">{user?.email}</p>
        </div>
      </div>
      <dl className="facts">
        <div><dt>{t('fields.firstName')}</dt><dd>{user?.first_name || '—'}</dd></div>
        <div><dt>{t('fields.lastName')}</dt><dd>{user?.last_name || '—'}</dd></div>
        <div><dt>{t('fields.email')}</dt><dd>{user?.email || '—'}</dd></div>
        <div><dt>{t('fields.phone')}</dt><dd dir="ltr">{user?.phone_number ?? '—'}</dd></div>
      </dl>
    </div>
  );
}

export function AccountRoute() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const requested = params.get('tab');
  const tab: AccountTab = isTab(requested) ? requested : 'personal';
  return (
    <>
      <PageHeader title={t('account.title')} lead={t('account.lead')} />
      <Tabs label={t('account.menuLabel')} tabs={TABS.map((key) => ({ key, label: t(`account.tabs.${key}`) }))} value={tab} onChange={(next) => setParams({ tab: next }, { replace: true })}>
        {tab === 'personal' ? <PersonalInfo /> : null}
        {tab === 'password' ? <ChangePasswordForm /> : null}
        {tab === 'orders' ? <OrderHistory /> : null}
        {tab === 'addresses' ? <EmptyState icon="pin" title={t('account.addressesEmpty')} description={t('account.addressesText')} /> : null}
        {tab === 'wishlist' ? (
          <EmptyState icon="star" title={t('account.wishlistEmpty')} description={t('account.wishlistText')} action={<ButtonLink to={paths.destinations}>{t('cart.browse')}</ButtonLink>} />
        ) : null}
        {tab === 'points' ? (
          <EmptyState icon="pin" title={t('account.pointsTitle')} description={t('account.pointsText')} action={<ButtonLink to={paths.points}>{t('nav.points')}</ButtonLink>} />
        ) : null}
      </Tabs>
    </>
  );
}

export function OrderRoute() {
  const { id = '' } = useParams();
  return <OrderDetail id={id} />;
}

export function OrderActionRoute({ action }: { action: 'cancel' | 'refund' | 'exchange' }) {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  return <OrderChangeForm id={id} action={action} onDone={() => void navigate(paths.order(id))} />;
}
