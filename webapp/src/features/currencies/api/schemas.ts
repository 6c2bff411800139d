// GET /api/currencies' response schema (zod), loaded with the response (see LazySchema) rather than
// in the first download.
import { z } from 'zod';

import { listOf, numeric } from '@/lib/schemas';

/** `rate`: units of this currency that one EGP buys. */
const currencySchema = z
  .object({
    currency: z.string().optional(),
    code: z.string().optional(),
    name: z.string().nullish(),
    symbol: z.string().nullish(),
    rate: numeric,
  })
  .transform((c) => ({ ...c, code: c.code ?? c.currency ?? '' }));
export type CurrencyInfo = z.infer<typeof currencySchema>;

export const currenciesSchema = listOf(currencySchema);
