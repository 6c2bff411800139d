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

/** Admin-area accounts: admins and support staff. */
export const isAdminUser = (user: User | null | undefined): boolean => user?.role === 'admin' || user?.role === 'support';
