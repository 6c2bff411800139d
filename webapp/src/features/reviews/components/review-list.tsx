import { useDetailSeparator } from '@/hooks/use-detail-separator';
import { useLanguage } from '@/hooks/use-language';
import { formatDate } from '@/utils/format';

import type { PublicReview } from '../api/types';
import { Stars } from './stars';

/** Approved reviews: stars, the text as written (plain text, in its own direction), who and when. */
export function ReviewList({ reviews }: { reviews: PublicReview[] }) {
  const language = useLanguage();
  const separator = useDetailSeparator();
  return (
    <ul className="reviews__list" data-testid="review-list">
      {reviews.map((review) => (
        <li key={`${review.author_name}-${review.reviewed_at}`} className="card card--plain reviews__item" data-testid="review">
          <Stars rating={review.rating} />
          {review.text ? (
            <p className="reviews__text" dir="auto">
              <bdi>{review.text}</bdi>
            </p>
          ) : null}
          <p className="muted small">
            <bdi>{review.author_name}</bdi>
            {separator}
            <time dateTime={review.reviewed_at}>{formatDate(review.reviewed_at, language, { dateStyle: 'medium' })}</time>
          </p>
        </li>
      ))}
    </ul>
  );
}
