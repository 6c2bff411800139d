import { useTranslation } from 'react-i18next';

import { Icon } from '@/components/ui/icon';
import { useFormatPrice } from '@/components/ui/money';
import { QueryView } from '@/components/ui/query-view';
import { EmptyState, SkeletonGrid } from '@/components/ui/states';
import { useLanguage } from '@/hooks/use-language';
import { formatNumber } from '@/utils/format';

import { useRates } from '../api/get-rates';
import './rates.css';

export function RatesList() {
  const { t } = useTranslation();
  const rates = useRates();
  const formatPrice = useFormatPrice();
  const language = useLanguage();
  return (
    <QueryView
      query={rates}
      loading={<SkeletonGrid count={3} />}
      isEmpty={(list) => list.length === 0}
      empty={<EmptyState icon="wallet" title={t('rates.emptyTitle')} description={t('rates.emptyText')} />}
    >
      {(list) => (
        <div className="card-grid">
          {list.map((rate) => (
            <article key={rate.id} className="card card--plain rate-card">
              <span className="rate-card__icon" aria-hidden="true">
                <Icon name="car" size={26} />
              </span>
              <h2 className="card__title">{rate.name}</h2>
              {rate.seats ? (
                <p className="rate-card__seats" data-testid="rate-seats">
                  {t('rates.seats', { count: rate.seats, n: formatNumber(rate.seats, language) })}
                </p>
              ) : null}
              {rate.description ? <p className="card__text">{rate.description}</p> : null}
              <dl className="rate-card__prices">
                <div>
                  <dt>{t('rates.perKm')}</dt>
                  <dd>{formatPrice(rate.price_per_km)}</dd>
                </div>
                <div>
                  <dt>{t('rates.waitingPerHour')}</dt>
                  <dd>{formatPrice(rate.waiting_per_hour)}</dd>
                </div>
              </dl>
            </article>
          ))}
        </div>
      )}
    </QueryView>
  );
}
