import type { Rated } from '../api/types';

/**
 * The schema.org description of a rated page (a destination: TouristAttraction; a program:
 * TouristTrip) with its AggregateRating and Reviews, as JSON-LD for search engines; null when it has
 * no approved review. "<" is escaped so no text in it can end the script element.
 */
export function ratedJsonLd(type: 'TouristAttraction' | 'TouristTrip', name: string, url: string, rated: Rated): string | null {
  if (rated.rating.count === 0) return null;
  const doc = {
    '@context': 'https://schema.org',
    '@type': type,
    name,
    url,
    aggregateRating: { '@type': 'AggregateRating', ratingValue: rated.rating.average, reviewCount: rated.rating.count, bestRating: 5, worstRating: 1 },
    review: rated.reviews.map((review) => ({
      '@type': 'Review',
      author: { '@type': 'Person', name: review.author_name },
      datePublished: review.reviewed_at.slice(0, 10),
      reviewRating: { '@type': 'Rating', ratingValue: review.rating, bestRating: 5, worstRating: 1 },
      ...(review.text ? { reviewBody: review.text } : {}),
      inLanguage: review.lang,
    })),
  };
  return JSON.stringify(doc).replace(/</g, '\\u003c');
}
