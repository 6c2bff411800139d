import type { z } from 'zod';

import type { mineSchema, publicReviewSchema, ratedSchema, reviewSchema } from './schemas';

export type PublicReview = z.output<typeof publicReviewSchema>;
export type Review = z.output<typeof reviewSchema>;
export type Rated = z.output<typeof ratedSchema>;
export type Mine = z.output<typeof mineSchema>;
export type ReviewStatus = Review['status'];
