import { useTranslation } from 'react-i18next';
import { useNavigate, useParams, useSearchParams } from 'react-router-dom';

import { PageHeader } from '@/components/ui/page-header';
import { Tabs } from '@/components/ui/tabs';
import { paths } from '@/config/paths';
import { ChangePasswordForm } from '@/features/account/components/change-password-form';
import { MyPickupPoints } from '@/features/account/components/my-pickup-points';
import { PersonalInfoForm } from '@/features/account/components/personal-info-form';
import { SavedAddresses } from '@/features/account/components/saved-addresses';
import { SessionsPanel } from '@/features/account/components/sessions-panel';
import { Wishlist } from '@/features/account/components/wishlist';
import { Avatar } from '@/features/auth/components/account-menu';
import { tripHeadline } from '@/features/dispatch/api/headline';
import { useOwnTripProgress } from '@/features/dispatch/api/progress';
import { OwnTripProgress } from '@/features/dispatch/components/trip-progress';
import { useOrderSettings } from '@/features/checkout/api/get-order-settings';
import { BookingCalendar } from '@/features/checkout/components/booking-calendar';
import { PickupTimeSelect } from '@/features/checkout/components/pickup-time-select';
import { OrderChangeForm, type ExchangePickers } from '@/features/orders/components/order-change-form';
import { useRates } from '@/features/rates/api/get-rates';
import { useOrder } from '@/features/orders/api/get-order';
import { OrderDetail } from '@/features/orders/components/order-detail';
import { OrderHistory } from '@/features/orders/components/order-history';
import { OrderStatusBadge } from '@/features/orders/components/order-status';
import type { Order } from '@/features/orders/api/types';
import { RateTrip } from '@/features/reviews/components/rate-trip';
import { displayName, useAuthStore } from '@/features/auth/stores/auth-store';

const TABS = ['personal', 'password', 'orders', 'addresses', 'wishlist', 'points'] as const;
type AccountTab = (typeof TABS)[number];
const isTab = (value: string | null): value is AccountTab => TABS.includes(value as AccountTab);

function PersonalInfo() {
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
      {user ? <PersonalInfoForm key={user.id} user={user} /> : null}
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
        {tab === 'password' ? (
          <div className="stack stack--loose">
            <ChangePasswordForm />
            <SessionsPanel />
          </div>
        ) : null}
        {tab === 'orders' ? <OrderHistory /> : null}
        {tab === 'addresses' ? <SavedAddresses /> : null}
        {tab === 'wishlist' ? <Wishlist /> : null}
        {tab === 'points' ? <MyPickupPoints /> : null}
      </Tabs>
    </>
  );
}

export function OrderRoute() {
  const { id = '' } = useParams();
  // The same query as the order's details (one request): the review form is scrolled to only once
  // the order above it has loaded, so it stays where it was scrolled to.
  const order = useOrder(id);
  // A confirmed (or completed) order's trip is live on its page: driver, car and every step.
  return (
    <>
      <OrderDetail
        id={id}
        live={(o) => (o.status === 'confirmed' || o.status === 'completed' ? <OwnTripProgress orderId={o.id} /> : null)}
        badge={(o) => (o.status === 'confirmed' ? <OwnTripBadge order={o} /> : undefined)}
      />
      {/* "Rate your trip" once it is completed (nothing before). */}
      <RateTrip orderId={id} orderShown={order.isSuccess} />
    </>
  );
}

/** A confirmed order's badge says where its trip is (the strip's own answer, one request for both). */
function OwnTripBadge({ order }: { order: Order }) {
  const progress = useOwnTripProgress(order.id);
  return <OrderStatusBadge status={tripHeadline(order.status, progress.data?.status)} />;
}

export function OrderActionRoute({ action }: { action: 'cancel' | 'refund' | 'exchange' }) {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const rates = useRates();
  const settings = useOrderSettings();
  const monthsAhead = settings.data ? Math.ceil(settings.data.window_days / 30) : 6;
  // The exchange chooses with the checkout's own pickers: its calendar (a day offered only when one of
  // its pickup times fits the order's trip), its pickup times (those the server says the order's trip
  // fits at) and the rate plans.
  const pickers: ExchangePickers = {
    rates: (rates.data ?? []).map((rate) => ({ value: rate.id, label: rate.name })),
    datePicker: ({ value, ownDay, onChange }) => (
      <BookingCalendar value={value} ownDay={ownDay} exchangeOf={id} monthsAhead={monthsAhead} onChange={(day) => onChange(day.date)} />
    ),
    timePicker: ({ date, times, loading, failed, onRetry, value, onChange }) => (
      <PickupTimeSelect
        date={date}
        pickup={times}
        loading={loading}
        failed={failed}
        onRetry={onRetry}
        value={value}
        onChange={(event) => onChange(event.target.value)}
      />
    ),
  };
  return <OrderChangeForm id={id} action={action} pickers={pickers} onDone={() => void navigate(paths.order(id))} />;
}
