import { useTranslation } from 'react-i18next';

import { useFormatPrice } from '@/components/ui/money';
import { TableWrap } from '@/components/ui/table-wrap';
import { useLanguage } from '@/hooks/use-language';
import { formatDistanceKm, formatDuration, formatHours, formatMoney } from '@/utils/format';

import type { RateCalculation, TripCalculations } from '../api/get-cart';
import { warningsBesideDayFit } from '../utils/day-fit';

import './cart.css';

/** An EGP price, with the visitor's currency beside it when that is another one. */
function PriceWithConversion({ amount, rate }: { amount: number; rate: RateCalculation }) {
  const language = useLanguage();
  const formatPrice = useFormatPrice();
  const egp = formatMoney(amount, rate.currency, language);
  const shown = formatPrice(amount, rate.currency);
  return (
    <>
      {egp}
      {shown !== egp ? <span className="rate-converted">≈ {shown}</span> : null}
    </>
  );
}

interface TripSummaryProps {
  calculations: TripCalculations;
  /** The drawer's: the figures and the lowest price only. */
  compact?: boolean;
  /**
   * Whether the one-day notice (DayFitNotice) is shown beside the summary: the warnings then leave out
   * what it says (its suggestion, its misfit), so nothing is said twice.
   */
  besideDayFit?: boolean;
}

export function TripSummary({ calculations, compact, besideDayFit }: TripSummaryProps) {
  const { t } = useTranslation();
  const language = useLanguage();
  const formatPrice = useFormatPrice();
  const cheapest = [...calculations.rate_calculations].sort((a, b) => a.total - b.total)[0];
  const warnings = besideDayFit ? warningsBesideDayFit(calculations) : calculations.warnings;

  return (
    <div className="trip-summary" data-testid="trip-summary">
      <dl className="stats">
        <div className="stats__item">
          <dt>{t('trip.totalDistance')}</dt>
          <dd data-testid="trip-distance">{formatDistanceKm(calculations.total_distance, language)}</dd>
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
      {!compact && warnings.length > 0 ? (
        <ul className="trip-warnings" aria-label={t('trip.warnings')}>
          {warnings.map((warning) => (
            <li key={warning.code}>{warning.message}</li>
          ))}
        </ul>
      ) : null}
      {compact ? (
        cheapest ? (
          <p className="trip-summary__from">
            {t('trip.fromPrice')} <strong>{formatPrice(cheapest.total, cheapest.currency)}</strong>
          </p>
        ) : null
      ) : calculations.rate_calculations.length ? (
        <TableWrap label={t('trip.ratePlans')}>
          <table className="table rate-table" data-testid="rate-table">
            <caption className="visually-hidden">{t('trip.ratePlans')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('trip.ratePlan')}</th>
                <th scope="col">
                  {t('trip.distanceCost')} + {t('trip.waitingCost')}
                </th>
                <th scope="col">{t('trip.total')}</th>
              </tr>
            </thead>
            <tbody>
              {calculations.rate_calculations.map((rate) => (
                <tr key={rate.rate_id} data-testid="rate-row">
                  <th scope="row">
                    {rate.name}
                    <span className="rate-converted">
                      {t('trip.perKm', { price: formatMoney(rate.price_per_km, rate.currency, language) })} ·{' '}
                      {t('trip.perHour', { price: formatMoney(rate.waiting_per_hour, rate.currency, language) })}
                    </span>
                  </th>
                  <td>
                    <span className="rate-part">
                      {t('trip.distanceCost')} {formatMoney(rate.distance_cost, rate.currency, language)}
                    </span>
                    <span className="rate-part">
                      {t('trip.waitingCost')} {formatMoney(rate.waiting_cost, rate.currency, language)}
                    </span>
                  </td>
                  <td className="table__strong rate-table__total" data-testid="rate-total">
                    {/* On a phone each plan is a card of its own: the total says what it is. */}
                    <span className="rate-table__label">{t('trip.total')}</span>
                    <span className="rate-table__price">
                      <PriceWithConversion amount={rate.total} rate={rate} />
                    </span>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableWrap>
      ) : warnings.length === 0 ? (
        <p className="muted">{t('trip.noRates')}</p>
      ) : null}
    </div>
  );
}
