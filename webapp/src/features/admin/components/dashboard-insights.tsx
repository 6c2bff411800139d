import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { SkeletonGrid, ErrorState } from '@/components/ui/states';
import type { Currency, Language } from '@/config/constants';
import { useLanguage } from '@/hooks/use-language';
import { formatDate, formatMoney, formatNumber, localeTag } from '@/utils/format';
import { displayNames } from '@/utils/intl-formatters';
import { useDetailSeparator } from '@/hooks/use-detail-separator';

import { PERIODS, useInsights, type Insights, type Period } from '../api/get-insights';
import { ChartFigure, type ChartSeries } from './chart-figure';

/** The Cairo dates from..to, inclusive (YYYY-MM-DD). */
export function daysBetween(from: string, to: string): string[] {
  const out: string[] = [];
  for (let d = new Date(`${from}T00:00:00Z`); d <= new Date(`${to}T00:00:00Z`); d = new Date(d.getTime() + 86_400_000)) {
    out.push(d.toISOString().slice(0, 10));
  }
  return out;
}

/** A Cairo date as a short label ("26 Nov", "٢٦ نوفمبر"): the date itself, never shifted by a time zone. */
/** A currency as a caption names it: its code in English (EGP), its name in Arabic («جنيه مصري»). */
function currencyName(code: string, language: Language): string {
  if (language === 'en') return code;
  try {
    return displayNames(localeTag(language), { type: 'currency' }).of(code) ?? code;
  } catch {
    return code;
  }
}

function dayLabel(day: string, language: Language): string {
  return formatDate(`${day}T00:00:00Z`, language, { day: 'numeric', month: 'short', timeZone: 'UTC' });
}

/** Values of rows on each day, by key (0 for a day without a row). */
function perDay<R extends { day: string }>(days: string[], rows: R[], value: (row: R) => number): number[] {
  const sums = new Map<string, number>();
  for (const row of rows) sums.set(row.day, (sums.get(row.day) ?? 0) + value(row));
  return days.map((d) => sums.get(d) ?? 0);
}

function planName(insights: Insights, id: string, language: Language): string {
  const plan = insights.rate_plans.find((p) => p.id === id);
  return plan ? plan.name[language] || plan.name.en : id;
}

/** The charts and figures of the last 30 or 90 Cairo days and of the four weeks ahead. */
export function DashboardInsights() {
  const { t } = useTranslation();
  const language = useLanguage();
  const [period, setPeriod] = useState<Period>(30);
  const insights = useInsights(period);
  return (
    <section className="insights" aria-labelledby="insights-title" data-testid="dashboard-insights">
      <div className="insights__head">
        <h2 id="insights-title" className="section-title">
          {t('admin.dashboard.insightsTitle')}
        </h2>
        <div className="insights__periods" role="group" aria-label={t('admin.dashboard.period')}>
          {PERIODS.map((p) => (
            <button key={p} type="button" className="period-button" aria-pressed={period === p} onClick={() => setPeriod(p)} data-testid={`period-${p}`}>
              {t('admin.dashboard.lastDays', { days: formatNumber(p, language) })}
            </button>
          ))}
        </div>
      </div>
      {insights.isPending ? (
        <SkeletonGrid count={3} />
      ) : insights.isError ? (
        <ErrorState title={t('admin.dashboard.insightsFailed')} onRetry={() => void insights.refetch()} />
      ) : (
        <InsightsBody insights={insights.data} language={language} />
      )}
    </section>
  );
}

function InsightsBody({ insights, language }: { insights: Insights; language: Language }) {
  const separator = useDetailSeparator();
  const { t } = useTranslation();
  const days = daysBetween(insights.from, insights.to);
  const labels = days.map((d) => dayLabel(d, language));
  const count = (n: number) => formatNumber(n, language);
  const range = { from: formatDate(`${insights.from}T00:00:00Z`, language, { dateStyle: 'medium', timeZone: 'UTC' }), to: formatDate(`${insights.to}T00:00:00Z`, language, { dateStyle: 'medium', timeZone: 'UTC' }) };

  const planIds = [...new Set([...insights.bookings.map((b) => b.rate_plan_id), ...insights.revenue.map((r) => r.rate_plan_id)])];
  const bookingSeries: ChartSeries[] = planIds
    .filter((id) => insights.bookings.some((b) => b.rate_plan_id === id))
    .map((id) => ({ label: planName(insights, id, language), values: perDay(days, insights.bookings.filter((b) => b.rate_plan_id === id), (b) => b.bookings) }));
  const totalBookings = insights.bookings.reduce((n, b) => n + b.bookings, 0);
  const currencies = [...new Set(insights.revenue.map((r) => r.currency))].sort();

  const capDays = daysBetween(insights.capacity_from, insights.capacity_to);
  const capLabels = capDays.map((d) => dayLabel(d, language));
  const capacity = (field: 'capacity' | 'booked' | 'held') => perDay(capDays, insights.capacity, (c) => c[field]);
  const booked = capacity('booked');
  const held = capacity('held');
  const cars = capacity('capacity');
  const full = capDays.filter((_, i) => (cars[i] ?? 0) > 0 && (booked[i] ?? 0) + (held[i] ?? 0) >= (cars[i] ?? 0)).length;

  const cancellations = insights.cancellations.reduce((n, c) => n + c.count, 0);
  const e = insights.enquiries;

  return (
    <>
      <p className="muted small" data-testid="insights-zone">
        {t('admin.dashboard.cairoDays', range)}
      </p>
      <div className="insights__charts">
        <ChartFigure
          testId="chart-bookings"
          integer
          title={t('admin.dashboard.bookingsChart')}
          labels={labels}
          series={bookingSeries.length ? bookingSeries : [{ label: t('admin.dashboard.bookings'), values: days.map(() => 0) }]}
          format={count}
          language={language}
          summary={t('admin.dashboard.bookingsSummary', { ...range, total: count(totalBookings) })}
        />
        {(currencies.length ? currencies : ['EGP']).map((currency) => {
          const rows = insights.revenue.filter((r) => r.currency === currency);
          const ids = [...new Set(rows.map((r) => r.rate_plan_id))];
          const money = (v: number) => formatMoney(v, currency as Currency, language);
          const net = rows.reduce((n, r) => n + r.net, 0);
          return (
            <ChartFigure
              key={currency}
              testId={`chart-revenue-${currency}`}
              title={t('admin.dashboard.revenueChart', { currency: currencyName(currency, language) })}
              labels={labels}
              series={
                ids.length
                  ? ids.map((id) => ({ label: planName(insights, id, language) || t('admin.dashboard.noRatePlan'), values: perDay(days, rows.filter((r) => r.rate_plan_id === id), (r) => r.net) }))
                  : [{ label: t('admin.dashboard.revenue'), values: days.map(() => 0) }]
              }
              format={money}
              language={language}
              summary={t('admin.dashboard.revenueSummary', { ...range, total: money(net) })}
            />
          );
        })}
        <ChartFigure
          testId="chart-capacity"
          integer
          title={t('admin.dashboard.capacityChart')}
          labels={capLabels}
          series={[
            { label: t('admin.dashboard.carsBooked'), values: booked },
            { label: t('admin.dashboard.carsHeld'), values: held },
            { label: t('admin.dashboard.carsCapacity'), values: cars, kind: 'line' },
          ]}
          format={count}
          language={language}
          summary={t('admin.dashboard.capacitySummary', {
            from: dayLabel(insights.capacity_from, language),
            to: dayLabel(insights.capacity_to, language),
            booked: count(booked.reduce((a, b) => a + b, 0)),
            held: count(held.reduce((a, b) => a + b, 0)),
            full: count(full),
          })}
        />
      </div>

      <div className="stat-grid insights__figures">
        <div className="stat" data-testid="figure-cancellations">
          <span className="stat__label">{t('admin.dashboard.cancellations')}</span>
          <span className="stat__value">{count(cancellations)}</span>
        </div>
        <div className="stat" data-testid="figure-refunds">
          <span className="stat__label">{t('admin.dashboard.refunds')}</span>
          <span className="stat__value">
            {insights.refunds.length ? insights.refunds.map((r) => formatMoney(r.amount, r.currency as Currency, language)).join(separator) : formatMoney(0, 'EGP', language)}
          </span>
          <span className="muted small">{t('admin.dashboard.refundsCount', { n: count(insights.refunds.reduce((n, r) => n + r.count, 0)) })}</span>
        </div>
        <div className="stat" data-testid="figure-conversion">
          <span className="stat__label">{t('admin.dashboard.conversion')}</span>
          <span className="stat__value">{formatNumber(e.conversion_rate, language, { style: 'percent', maximumFractionDigits: 0 })}</span>
          <span className="muted small">
            {t('admin.dashboard.conversionDetail', { count: e.submitted, converted: count(e.converted), submitted: count(e.submitted), quoted: count(e.quoted), declined: count(e.declined) })}
          </span>
        </div>
      </div>

      <div className="insights__tops">
        <TopList title={t('admin.dashboard.topDestinations')} items={insights.top_destinations} language={language} testId="top-destinations" />
        <TopList title={t('admin.dashboard.topPrograms')} items={insights.top_programs} language={language} testId="top-programs" />
      </div>
    </>
  );
}

function TopList({ title, items, language, testId }: { title: string; items: Insights['top_destinations']; language: Language; testId: string }) {
  const { t } = useTranslation();
  return (
    <div className="top-list" data-testid={testId}>
      <h3 className="top-list__title">{title}</h3>
      {items.length === 0 ? (
        <p className="muted small">{t('admin.dashboard.noneYet')}</p>
      ) : (
        <ol>
          {items.map((item) => (
            <li key={item.id}>
              <span>{item.name[language] || item.name.en}</span>
              <span className="top-list__count">{t('admin.dashboard.bookingsCount', { n: formatNumber(item.bookings, language) })}</span>
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}
