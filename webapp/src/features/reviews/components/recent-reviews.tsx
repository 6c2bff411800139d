import { useTranslation } from 'react-i18next';

import { useRecentReviews } from '../api/get-rated';
import { ReviewList } from './review-list';
import './reviews.css';

/** The home page's newest approved reviews; nothing at all while there are none. */
export function RecentReviews() {
  const { t } = useTranslation();
  const recent = useRecentReviews(6);
  const list = recent.data ?? [];
  if (list.length === 0) return null;
  return (
    <section className="section reviews" aria-labelledby="recent-reviews-title" data-testid="recent-reviews">
      <div className="section__head">
        <div>
          <h2 id="recent-reviews-title" className="section-title">
            {t('reviews.recentTitle')}
          </h2>
          <p className="section__lead">{t('reviews.recentLead')}</p>
        </div>
      </div>
      <ReviewList reviews={list} />
    </section>
  );
}
