import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { Button } from '@/components/ui/button';
import { useLanguage } from '@/hooks/use-language';
import { isApiError } from '@/lib/api-client';
import { formatMoney, formatNumber } from '@/utils/format';

import { usePromo, type PromoQuote } from '../api/get-promo';

interface PromoCodeProps {
  ratePlanId: string;
  date: string;
  time: string;
  /** The code to place the order with once the server accepts it for this trip, else null. */
  onChange: (code: string | null) => void;
  /** The server's refusal of the code when the order was placed (it may have been used up since). */
  serverError?: string | null;
  /**
   * A code accepted before going to pay (the checkout draft): applied again at once, so "Try again"
   * after a failed payment keeps the discount, checked anew by the server for the trip as it is now.
   */
  initialCode?: string;
}

function egp(minor: number, language: 'en' | 'ar'): string {
  return formatMoney(minor / 100, 'EGP', language);
}

/** The discount line: what the code takes off and what is left to pay (charged in EGP). */
export function PromoLines({ quote }: { quote: PromoQuote }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const what = quote.kind === 'percent' ? formatNumber(quote.percent / 100, language, { style: 'percent', maximumFractionDigits: 2 }) : egp(quote.amount_off.minor, language);
  return (
    <dl className="promo__lines" data-testid="promo-lines">
      <div className="promo__line">
        <dt>{t('checkout.promoPrice')}</dt>
        <dd data-testid="promo-before">{egp(quote.price_before.minor, language)}</dd>
      </div>
      <div className="promo__line promo__line--off">
        <dt>{t('checkout.promoDiscount', { code: quote.code, discount: what })}</dt>
        <dd data-testid="promo-off">−{egp(quote.amount_off.minor, language)}</dd>
      </div>
      <div className="promo__line promo__line--total">
        <dt>{t('checkout.promoToPay')}</dt>
        <dd data-testid="promo-after">{egp(quote.price_after.minor, language)}</dd>
      </div>
    </dl>
  );
}

/**
 * The promo code field of checkout: typed, applied, then priced by the server for the chosen rate
 * plan and start, with the discount line before paying or the reason the code cannot be used.
 */
export function PromoCode({ ratePlanId, date, time, onChange, serverError, initialCode = '' }: PromoCodeProps) {
  const { t } = useTranslation();
  const id = useId();
  const [typed, setTyped] = useState(initialCode);
  const [applied, setApplied] = useState(initialCode.trim().toUpperCase());
  const promo = usePromo({ code: applied, rate_plan_id: ratePlanId, date, time });
  const accepted = applied !== '' && promo.isSuccess && !promo.isPlaceholderData ? applied : null;
  useEffect(() => onChange(accepted), [accepted, onChange]);
  const waiting = applied !== '' && !promo.isFetching && !promo.data && !promo.isError;
  const error = promo.isError ? (isApiError(promo.error) ? promo.error.message : t('checkout.promoFailed')) : (serverError ?? null);
  return (
    <div className="form__full field promo" data-testid="promo">
      <label className="field__label" htmlFor={id}>
        {t('checkout.promoLabel')}
      </label>
      <div className="promo__row">
        <input
          id={id}
          className="input promo__input"
          dir="ltr"
          autoComplete="off"
          autoCapitalize="characters"
          value={typed}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          data-testid="promo-input"
          onChange={(event) => setTyped(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter') {
              event.preventDefault();
              setApplied(typed.trim().toUpperCase());
            }
          }}
        />
        <Button type="button" variant="secondary" loading={promo.isFetching} disabled={!typed.trim()} onClick={() => setApplied(typed.trim().toUpperCase())} data-testid="promo-apply">
          {t('checkout.promoApply')}
        </Button>
        {applied ? (
          <Button
            type="button"
            variant="ghost"
            onClick={() => {
              setApplied('');
              setTyped('');
            }}
            data-testid="promo-remove"
          >
            {t('checkout.promoRemove')}
          </Button>
        ) : null}
      </div>
      {waiting ? <p className="field__hint">{t('checkout.promoChooseFirst')}</p> : null}
      {error ? (
        <p className="field__error" id={`${id}-error`} role="alert" data-testid="promo-error">
          {error}
        </p>
      ) : null}
      {accepted && promo.data ? <PromoLines quote={promo.data} /> : null}
    </div>
  );
}
