import { useTranslation } from 'react-i18next';

import { useFormatPrice } from '@/components/ui/money';
import { useLanguage } from '@/hooks/use-language';
import { formatDistanceKm, formatDuration, formatHours } from '@/utils/format';

import type { TripCalculations } from '../api/get-cart';

export function TripSummary({ calculations, compact }: { calculations: TripCalculations; compact?: boolean }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const formatPrice = useFormatPrice();
  const cheapest = [...calculations.rate_calculations].sort((a, b) => a.total - b.total)[0];

  return (
    <div className="trip-summary">
      <dl className="stats">
        <div className="stats__item">
          <dt>{t('trip.totalDistance')}</dt>
          <dd>{formatDistanceKm(calculations.total_distance, language)}</dd>
        </div>
        <div className="stats__item">
          <dt>{t('trip.duration')}</dt>
          <dd>{formatDuration(calculations.total_duration, language)}</dd>
        </div>
        <div className="stats__item">
          <dt>{t('trip.waitingTime')}</dt>
          <dd>{formatHours(calculations.total_waiting_hours, language)}</dd>
        </div>
      </dl>
      {compact ? (
        cheapest ? (
          <p className="trip-summary__from">
            {t('trip.fromPrice')} <strong>{formatPrice(cheapest.total, cheapest.currency)}</strong>
          </p>
        ) : null
      ) : calculations.rate_calculations.length ? (
        <table className="table">
          <caption className="visually-hidden">{t('trip.ratePlans')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('trip.ratePlan')}</th>
              <th scope="col">{t('trip.distanceCost')}</th>
              <th scope="col">{t('trip.waitingCost')}</th>
              <th scope="col">{t('trip.total')}</th>
            </tr>
          </thead>
          <tbody>
            {calculations.rate_calculations.map((rate) => (
              <tr key={rate.rate_id}>
                <th scope="row">{rate.name}</th>
                <td>{formatPrice(rate.distance_cost, rate.currency)}</td>
                <td>{formatPrice(rate.waiting_cost, rate.currency)}</td>
                <td className="table__strong">{formatPrice(rate.total, rate.currency)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : (
        <p className="muted">{t('trip.noRates')}</p>
      )}
    </div>
  );
}
