import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';

import { Icon, type IconName } from '@/components/ui/icon';
import { useFormatPrice } from '@/components/ui/money';
import { PageHeader } from '@/components/ui/page-header';
import { ErrorState, SkeletonGrid } from '@/components/ui/states';
import { useLanguage } from '@/hooks/use-language';
import { useLiveRefresh } from '@/lib/live-refresh';
import { formatNumber, isolate } from '@/utils/format';

import { DASHBOARD_EVENTS, useDashboard } from '../api/get-dashboard';
import { AttentionQueue } from './attention-queue';
import { DashboardInsights } from './dashboard-insights';
import './admin-dashboard.css';

const DASHBOARD_EVENTS_KEY = ['admin', 'dashboard'] as const;

export interface DashboardLink {
  to: string;
  label: string;
}

/**
 * The admin area's home: today's figures (children: more figures other features give, such as the
 * stuck process steps), the needs-attention queue, the charts of the last 30 or 90 Cairo days and the
 * weeks ahead, and links to the screens this account may use.
 */
export function AdminDashboard({ name, links, children }: { name: string; links: DashboardLink[]; children?: ReactNode }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const formatPrice = useFormatPrice();
  const dashboard = useDashboard();
  // Staff sockets are in the admin room: an order paid, a refund asked for, an enquiry sent anywhere
  // refreshes the tiles, the queue and the charts within a moment (one refetch per burst).
  useLiveRefresh(DASHBOARD_EVENTS_KEY, DASHBOARD_EVENTS);
  const stats: Array<{ key: string; icon: IconName; value: (d: NonNullable<typeof dashboard.data>) => string }> = [
    { key: 'tripsToday', icon: 'car', value: (d) => formatNumber(d.trips_today, language) },
    { key: 'openOrders', icon: 'ticket', value: (d) => formatNumber(d.open_orders, language) },
    { key: 'pendingEnquiries', icon: 'mail', value: (d) => formatNumber(d.pending_enquiries, language) },
    { key: 'revenueMonth', icon: 'wallet', value: (d) => formatPrice(d.revenue_month) },
  ];
  return (
    <>
      <PageHeader title={t('admin.dashboard.title')} lead={t('admin.dashboard.greeting', { name: isolate(name) })} />
      {dashboard.isPending ? (
        <SkeletonGrid count={4} />
      ) : dashboard.isError ? (
        <ErrorState title={t('admin.dashboard.loadFailed')} onRetry={() => void dashboard.refetch()} />
      ) : (
        <div className="stat-grid">
          {stats.map((stat) => (
            <div key={stat.key} className="stat">
              <span className="stat__icon" aria-hidden="true">
                <Icon name={stat.icon} size={22} />
              </span>
              <span className="stat__label">{t(`admin.dashboard.${stat.key}`)}</span>
              <span className="stat__value" data-testid={`stat-${stat.key}`}>{stat.value(dashboard.data)}</span>
            </div>
          ))}
          {children}
        </div>
      )}
      <AttentionQueue />
      <DashboardInsights />
      <h2 className="section-title">{t('admin.dashboard.manage')}</h2>
      <div className="quick-links">
        {links.map((link) => (
          <Link key={link.to} to={link.to} className="quick-link">
            <span>{link.label}</span>
            <Icon name="arrowEnd" size={16} className="flip-rtl" />
          </Link>
        ))}
      </div>
    </>
  );
}
