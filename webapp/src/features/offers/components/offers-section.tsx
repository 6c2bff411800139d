import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { Button } from '@/components/ui/button';
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
            {offer.promo_code ? <PromoCode code={offer.promo_code} /> : offer.needs_promo_code ? <p className="small muted">{t('offers.withCode')}</p> : null}
          </li>
        ))}
      </ul>
    </section>
  );
}

/**
 * An offer's public promo code, large and written left to right whatever the page's language, with
 * a button that copies it and says so, and what to do with it: type it at checkout. Where the
 * browser refuses the clipboard, the code is selected for the traveller to copy.
 */
export function PromoCode({ code }: { code: string }) {
  const { t } = useTranslation();
  const [copied, setCopied] = useState(false);
  const codeRef = useRef<HTMLElement>(null);
  const selectCode = () => {
    const node = codeRef.current;
    const selection = typeof window === 'undefined' ? null : window.getSelection();
    if (node && selection) selection.selectAllChildren(node);
  };
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(code);
      setCopied(true);
      window.setTimeout(() => setCopied(false), 2500);
    } catch {
      selectCode();
    }
  };
  return (
    <div className="offers__code" data-testid="offer-code-box">
      <p className="offers__code-row">
        <span className="small">{t('offers.code')}</span>{' '}
        <bdi dir="ltr" className="offers__code-value" ref={codeRef} data-testid="offer-code">
          {code}
        </bdi>
      </p>
      <Button variant="secondary" size="sm" onClick={() => void copy()} data-testid="offer-copy">
        <span aria-live="polite">{copied ? t('offers.copied') : t('offers.copy')}</span>
      </Button>
      <p className="small muted">{t('offers.typeAtCheckout')}</p>
    </div>
  );
}
