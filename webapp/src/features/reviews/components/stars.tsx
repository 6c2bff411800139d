import { useTranslation } from 'react-i18next';

import { useLanguage } from '@/hooks/use-language';
import { formatNumber } from '@/utils/format';

/** Five stars, filled to the rating, read out as "4 out of 5 stars" in the page's language. */
export function Stars({ rating }: { rating: number }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const full = Math.round(rating);
  return (
    <span className="stars" role="img" aria-label={t('reviews.outOfFive', { rating: formatNumber(rating, language, { maximumFractionDigits: 1 }) })}>
      {[1, 2, 3, 4, 5].map((n) => (
        <span key={n} aria-hidden="true" className={n <= full ? 'stars__on' : 'stars__off'}>
          ★
        </span>
      ))}
    </span>
  );
}
