import { useState, type SyntheticEvent } from 'react';
import { useTranslation } from 'react-i18next';

import { Button } from '@/components/ui/button';
import { TextAreaField } from '@/components/ui/field';
import { useLanguage } from '@/hooks/use-language';
import { isApiError } from '@/lib/api-client';
import { cx } from '@/utils/cx';
import { formatNumber } from '@/utils/format';

import { useMyReview, useSubmitReview } from '../api/my-review';
import type { Review } from '../api/types';
import { Stars } from './stars';
import './reviews.css';

const MAX_TEXT = 1000;

/**
 * "Rate your trip" on the traveller's completed order: 1–5 stars and an optional text, once. After
 * that, their review and whether staff have published it. Nothing while the trip cannot be rated yet.
 */
export function RateTrip({ orderId }: { orderId: string }) {
  const { t } = useTranslation();
  const mine = useMyReview(orderId);
  if (!mine.data) return null;
  const { review, canReview } = mine.data;
  if (review) return <MyReview review={review} />;
  if (!canReview) return null;
  return (
    <section className="card stack rate-trip" aria-labelledby="rate-trip-title" data-testid="rate-trip">
      <h2 id="rate-trip-title" className="section-title">
        {t('reviews.rateTitle')}
      </h2>
      <p className="muted">{t('reviews.rateLead')}</p>
      <RateForm orderId={orderId} />
    </section>
  );
}

function RateForm({ orderId }: { orderId: string }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const submit = useSubmitReview(orderId);
  const [rating, setRating] = useState(0);
  const [text, setText] = useState('');
  const [missing, setMissing] = useState(false);
  const error = isApiError(submit.error) ? submit.error : null;
  const onSubmit = (event: SyntheticEvent) => {
    event.preventDefault();
    if (rating < 1) {
      setMissing(true);
      return;
    }
    submit.mutate({ rating, text });
  };
  const ratingError = missing && rating < 1 ? t('reviews.chooseStars') : error?.firstError('rating');
  return (
    <form className="stack" onSubmit={onSubmit} noValidate>
      <fieldset className="rate-trip__stars" aria-describedby={ratingError ? 'rate-trip-rating-error' : undefined}>
        <legend className="field__label">{t('reviews.yourRating')}</legend>
        {[1, 2, 3, 4, 5].map((n) => (
          <label key={n} className={cx('rate-trip__star', n <= rating && 'rate-trip__star--on')}>
            <input type="radio" name="rating" value={n} checked={rating === n} onChange={() => setRating(n)} aria-label={t('reviews.stars', { count: n, formatted: formatNumber(n, language) })} />
            <span aria-hidden="true">★</span>
          </label>
        ))}
      </fieldset>
      {ratingError ? (
        <p className="field__error" id="rate-trip-rating-error" role="alert">
          {ratingError}
        </p>
      ) : null}
      <TextAreaField
        label={t('reviews.yourReview')}
        name="text"
        rows={4}
        value={text}
        maxLength={MAX_TEXT}
        dir="auto"
        onChange={(event) => setText(event.target.value)}
        error={error?.firstError('text')}
        hint={t('reviews.textHint', { left: formatNumber(MAX_TEXT - Array.from(text).length, language) })}
      />
      {error && !error.firstError('rating') && !error.firstError('text') ? (
        <p className="field__error" role="alert" data-testid="review-error">
          {error.message}
        </p>
      ) : null}
      <Button type="submit" loading={submit.isPending} data-testid="submit-review">
        {t('reviews.send')}
      </Button>
    </form>
  );
}

function MyReview({ review }: { review: Review }) {
  const { t } = useTranslation();
  return (
    <section className="card stack rate-trip" aria-labelledby="my-review-title" data-testid="my-review">
      <h2 id="my-review-title" className="section-title">
        {t('reviews.yourReviewTitle')}
      </h2>
      <Stars rating={review.rating} />
      {review.text ? (
        <p className="reviews__text" dir="auto">
          <bdi>{review.text}</bdi>
        </p>
      ) : null}
      <p className="muted small" data-testid="my-review-status">
        {t(`reviews.status.${review.status}`)}
      </p>
    </section>
  );
}
