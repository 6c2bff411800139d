import { useTranslation } from 'react-i18next';

import { useLanguage } from '@/hooks/use-language';
import { formatCalendarDate, formatMoney, formatNumber } from '@/utils/format';

import { useOffers, type Offer } from '../api/get-offers';
import './offers.css';

/** "10%" or "EGP 200" off, in the page's language. */
export function discountLabel(offer: Pick<Offer, 'kind' | 'percent_basis_points' | 'amount'>, language: 'en' | 'ar'): string {
  if (offer.kind === 'amount' && offer.amount) return formatMoney(offer.amount.minor / 100, 'EGP', language);
  return formatNumber(offer.percent_basis_points / 10000, language, { style: 'percent', maximumFractionDigits: 2 });
}

/**
 * Today's published offers, with their dates on Cairo's calendar. Nothing at all when there are
 * none (or they cannot be loaded): the page reads as before.
 */
export function OffersSection() {
  const { t } = useTranslation();
  const language = useLanguage();
  const offers = useOffers();
  const list = offers.data ?? [];
  if (list.length === 0) return null;
  const day = (value: string) => formatCalendarDate(value, language, { dateStyle: 'medium' });
  return (
    <section className="section offers" aria-labelledby="offers-title" data-testid="offers">
      <div className="section__head">
        <div>
          <h2 id="offers-title" className="section-title">{t('offers.title')}</h2>
          <p className="section__lead">{t('offers.lead')}</p>
        </div>
      </div>
      <ul className="offers__list">
        {list.map((offer) => (
          <li key={offer.id} className="card card--plain offers__item" data-testid="offer">
            <p className="offers__discount">{t('offers.off', { discount: discountLabel(offer, language) })}</p>
            <h3 className="offers__title">{language === 'ar' && offer.title.ar ? offer.title.ar : offer.title.en}</h3>
            {offer.description ? <p className="muted">{language === 'ar' && offer.description.ar ? offer.description.ar : offer.description.en}</p> : null}
            <p className="small" data-testid="offer-dates">
              {t('offers.dates', { from: day(offer.valid_from), until: day(offer.valid_until) })}
            </p>
            {offer.needs_promo_code ? <p className="small muted">{t('offers.withCode')}</p> : null}
          </li>
        ))}
      </ul>
    </section>
  );
}
