import { describe, expect, it } from 'vitest';

import { ratedJsonLd } from './structured-data';

interface LD {
  '@type': string;
  aggregateRating: unknown;
  review: { reviewBody?: string }[];
}

const review = { author_name: 'Mona Z.', rating: 4, text: '</script><script>alert(1)</script>', lang: 'en', destinations: [], reviewed_at: '2026-11-20T14:00:00Z' };

describe('ratedJsonLd', () => {
  it('describes the rating and reviews as schema.org JSON-LD', () => {
    const json = ratedJsonLd('TouristAttraction', 'Pyramids', 'https://mishwar.test/destination?id=1', { rating: { average: 4.5, count: 2 }, reviews: [review] });
    const doc = JSON.parse(json ?? '{}') as LD;
    expect(doc['@type']).toBe('TouristAttraction');
    expect(doc.aggregateRating).toEqual({ '@type': 'AggregateRating', ratingValue: 4.5, reviewCount: 2, bestRating: 5, worstRating: 1 });
    expect(doc.review[0]).toMatchObject({ '@type': 'Review', author: { name: 'Mona Z.' }, datePublished: '2026-11-20', reviewRating: { ratingValue: 4 } });
    expect(doc.review[0]?.reviewBody).toBe(review.text);
  });

  it('never lets a review end the script element', () => {
    const json = ratedJsonLd('TouristTrip', 'Giza', 'https://mishwar.test/program/1', { rating: { average: 4, count: 1 }, reviews: [review] });
    expect(json).not.toContain('<');
  });

  it('says nothing without an approved review', () => {
    expect(ratedJsonLd('TouristTrip', 'Giza', 'https://mishwar.test/program/1', { rating: { average: 0, count: 0 }, reviews: [] })).toBeNull();
  });
});
