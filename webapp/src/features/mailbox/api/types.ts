import { z } from 'zod';

export const mailSummarySchema = z.object({
  id: z.string(),
  to: z.string(),
  to_name: z.string().default(''),
  lang: z.string().default('en'),
  subject: z.string(),
  status: z.enum(['pending', 'sent', 'failed']),
  attempts: z.number(),
  last_error: z.string().nullish(),
  sent_via: z.string().nullish(),
  created_at: z.string(),
  sent_at: z.string().nullish(),
  next_attempt_at: z.string().nullish(),
});

export const mailSchema = mailSummarySchema.extend({
  message_id: z.string().default(''),
  text: z.string(),
  html: z.string().default(''),
});
export type Mail = z.infer<typeof mailSchema>;
