import { useEffect, useRef, useState, type Ref, type SyntheticEvent } from 'react';
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

/** The fragment of the order page's address that lands on its review form (the e-mail's link). */
const RATE_TRIP_FRAGMENT = 'rate';

/**
 * Brings the review form (or the review already sent) into view and focuses it when the page was
 * opened at #rate, as the trip-completed e-mail's "Rate your trip" link does: once, after the order
 * above it has loaded (the browser's own jump to a fragment happens before the app has drawn it).
 * Parts above it that arrive later (the live trip card, the map) would push it down: for a few
 * seconds it is kept in view as the page grows, until the traveller scrolls, touches or types.
 */
function useLandOnFragment(ready: boolean) {
  const ref = useRef<HTMLElement>(null);
  const landed = useRef(false);
  useEffect(() => {
    if (!ready || landed.current || window.location.hash !== `#${RATE_TRIP_FRAGMENT}`) return;
    const el = ref.current;
    if (!el) return;
    landed.current = true;
    bringIntoView(el);
    const target = el.querySelector<HTMLElement>('input[name="rating"]') ?? el;
    target.focus({ preventScroll: true });
    const keep = new ResizeObserver(() => bringIntoView(el));
    keep.observe(document.body);
    const stop = () => {
      keep.disconnect();
      window.clearTimeout(timer);
      for (const type of LEAVE_EVENTS) window.removeEventListener(type, stop);
    };
    const timer = window.setTimeout(stop, KEEP_IN_VIEW_MS);
    for (const type of LEAVE_EVENTS) window.addEventListener(type, stop, { passive: true });
    return stop;
  }, [ready]);
  return ref;
}

const KEEP_IN_VIEW_MS = 4000;

/**
 * Scrolls el's top to just below the sticky site header, measured (the page's scroll-padding counts
 * only the header's main row, and the desktop header has a top bar above it).
 */
function bringIntoView(el: HTMLElement) {
  const header = document.querySelector('.site-header')?.getBoundingClientRect().bottom ?? 0;
  window.scrollBy({ top: el.getBoundingClientRect().top - Math.max(0, header) - 16 });
}
const LEAVE_EVENTS = ['wheel', 'touchstart', 'keydown', 'mousedown'] as const;

/**
 * "Rate your trip" on the traveller's completed order: 1–5 stars and an optional text, once. After
 * that, their review and whether staff have published it. Nothing while the trip cannot be rated yet.
 * orderShown: the order's details above are drawn (the page's layout is settled).
 */
export function RateTrip({ orderId, orderShown = true }: { orderId: string; orderShown?: boolean }) {
  const { t } = useTranslation();
  const mine = useMyReview(orderId);
  const shown = Boolean(mine.data && (mine.data.review || mine.data.canReview));
  const ref = useLandOnFragment(orderShown && shown);
  if (!mine.data) return null;
  const { review, canReview } = mine.data;
  if (review) return <MyReview review={review} sectionRef={ref} />;
  if (!canReview) return null;
  return (
    <section ref={ref} id={RATE_TRIP_FRAGMENT} tabIndex={-1} className="card stack rate-trip" aria-labelledby="rate-trip-title" data-testid="rate-trip">
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

function MyReview({ review, sectionRef }: { review: Review; sectionRef: Ref<HTMLElement> }) {
  const { t } = useTranslation();
  return (
    <section ref={sectionRef} id={RATE_TRIP_FRAGMENT} tabIndex={-1} className="card stack rate-trip" aria-labelledby="my-review-title" data-testid="my-review">
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
