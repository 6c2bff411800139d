import { useTranslation } from 'react-i18next';

import { useLanguage } from '@/hooks/use-language';
import { formatNumber } from '@/utils/format';

import { useRated } from '../api/get-rated';
import { ReviewList } from './review-list';
import { Stars } from './stars';
import { ratedJsonLd } from './structured-data';
import './reviews.css';

/**
 * A destination's or program's rating (average and count of approved reviews) and its newest approved
 * reviews, with their schema.org JSON-LD. Says so when there are none yet; nothing when they cannot load.
 */
export function RatedSection({ kind, id, name }: { kind: 'destination' | 'program'; id: string; name: string }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const rated = useRated(kind, id);
  if (!rated.data) return null;
  const { rating, reviews } = rated.data;
  const jsonLd = ratedJsonLd(kind === 'destination' ? 'TouristAttraction' : 'TouristTrip', name, window.location.href, rated.data);
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
      {jsonLd ? <script type="application/ld+json">{jsonLd}</script> : null}
    </section>
  );
}
