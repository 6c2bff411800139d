import { useTranslation } from 'react-i18next';

import { useLanguage } from '@/hooks/use-language';
import { formatNumber } from '@/utils/format';

import { useRated } from '../api/get-rated';
import { ReviewList } from './review-list';
import { Stars } from './stars';
import './reviews.css';

/**
 * A destination's or program's rating (average and count of approved reviews) and its newest approved
 * reviews. Says so when there are none yet; nothing when they cannot load. Their schema.org JSON-LD is
 * the server's: it is in the page's head as a crawler gets it (httpapi/catalogue/seo.go).
 */
export function RatedSection({ kind, id }: { kind: 'destination' | 'program'; id: string }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const rated = useRated(kind, id);
  if (!rated.data) return null;
  const { rating, reviews } = rated.data;
  return (
    <section className="stack reviews" aria-labelledby={`reviews-${id}`} data-testid="rated-section">
      <h2 id={`reviews-${id}`} className="section-title">
        {t('reviews.title')}
      </h2>
      {rating.count > 0 ? (
        <p className="reviews__summary" data-testid="rating-summary">
          <Stars rating={rating.average} />{' '}
          <strong>{formatNumber(rating.average, language, { minimumFractionDigits: 1, maximumFractionDigits: 1 })}</strong>{' '}
          <span className="muted">{t('reviews.count', { count: rating.count, formatted: formatNumber(rating.count, language) })}</span>
        </p>
      ) : (
        <p className="muted">{t('reviews.none')}</p>
      )}
      {reviews.length ? <ReviewList reviews={reviews} /> : null}
    </section>
  );
}
