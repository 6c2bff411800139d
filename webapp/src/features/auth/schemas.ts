// Account response schemas (zod). Restoring a session on the home page loads them with the
// response (see LazySchema), so they are not part of its first download.
import { z } from 'zod';

export const userSchema = z.object({
  id: z.union([z.string(), z.number()]).transform(String),
  first_name: z.string().default(''),
  last_name: z.string().default(''),
  email: z.string().default(''),
  phone_number: z.string().nullish(),
  role: z.string().nullish(),
});
export type User = z.infer<typeof userSchema>;

/** Some endpoints wrap the user in `data`, others return it bare. */
export const userEnvelopeSchema = z
  .union([z.object({ data: userSchema }), z.object({ user: userSchema }), userSchema])
  .transform((value) => ('data' in value ? value.data : 'user' in value ? value.user : value));

/** GET /api/me: the user, or null for a visitor who presents no session (not an error). */
export const meSchema = z.union([z.null(), userEnvelopeSchema]);
