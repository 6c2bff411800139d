import { z } from 'zod';

const place = z.object({ id: z.string(), name_en: z.string(), name_ar: z.string().optional() });

/** An approved review as anyone sees it. */
export const publicReviewSchema = z.object({
  author_name: z.string(),
  rating: z.number(),
  text: z.string(),
  lang: z.string(),
  destinations: z.array(place),
  program_id: z.string().optional(),
  program_name: z.string().optional(),
  program_name_ar: z.string().optional(),
  reviewed_at: z.string(),
});

/** A review as its author and staff see it. */
export const reviewSchema = publicReviewSchema.extend({
  order_id: z.string(),
  status: z.enum(['pending', 'approved', 'rejected']),
  reason: z.string().optional(),
  moderated_at: z.string().optional(),
  completed_at: z.string(),
});

export const ratedSchema = z
  .object({ rating: z.object({ average: z.number(), count: z.number() }), data: z.array(publicReviewSchema) })
  .transform((value) => ({ rating: value.rating, reviews: value.data }));

export const recentSchema = z.object({ data: z.array(publicReviewSchema) }).transform((value) => value.data);

export const mineSchema = z
  .object({ data: reviewSchema.nullable(), can_review: z.boolean(), reason: z.string().optional() })
  .transform((value) => ({ review: value.data, canReview: value.can_review, reason: value.reason }));

export const oneSchema = z.object({ data: reviewSchema }).transform((value) => value.data);

export const listSchema = z.object({ data: z.array(reviewSchema) }).transform((value) => value.data);
