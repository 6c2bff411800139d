// GET /api/offers's response schema (zod), loaded with the response (see LazySchema) rather than in
// the home page's first download.
import { z } from 'zod';

import { idSchema, listOf } from '@/lib/schemas';

const text = z.object({ en: z.string(), ar: z.string().default('') });

/**
 * An offer published today: its dates are Cairo calendar days, both included. needs_promo_code says
 * a code is asked for at checkout, and promo_code is that code: the site lists only offers whose
 * code is public (one handed out privately is not advertised at all).
 */
const offerSchema = z.object({
  id: idSchema,
  title: text,
  description: text.nullish(),
  kind: z.enum(['percent', 'amount']),
  percent_basis_points: z.number().default(0),
  amount: z.object({ minor: z.number(), currency: z.string() }).nullish(),
  needs_promo_code: z.boolean().default(false),
  promo_code: z.string().default(''),
  valid_from: z.string(),
  valid_until: z.string(),
  applies_to: z.enum(['all', 'programs', 'rate_plans']).default('all'),
});
export type Offer = z.infer<typeof offerSchema>;

export const offersEnvelope = listOf(offerSchema);
