import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';

import { api } from '@/lib/api-client';
import { payQuotedEnquiry } from '@/lib/payment-page';
import { useCommand } from '@/lib/command';

// An enquiry as its link opens it (POST /api/enquiries/{id}/view {token}): no account needed, the
// secret from the e-mail proves it. Opened signed in to the account of the enquiry's e-mail, a
// visitor's enquiry joins that account's orders and enquiries (the server records it).
const moneySchema = z.object({ amount: z.number(), minor: z.number(), currency: z.string() });

const enquirySchema = z
  .object({
    data: z.object({
      trip_number: z.string(),
      about: z.string(),
      status: z.string(),
      trip: z.object({
        date: z.string(),
        time: z.string(),
        pickup: z.object({ name: z.string() }),
        stops: z.array(z.object({ destination_id: z.string(), name: z.string() })),
        program: z.string().optional(),
        rate_plan: z.object({ name: z.string() }),
      }),
      estimate: moneySchema,
      quote: z.object({ amount: moneySchema, note: z.string().optional(), valid_until: z.string() }).optional(),
      order_id: z.string().optional(),
      // The group size and the traveller's comments: about the trip, not how to reach the traveller.
      travellers: z.number().optional(),
      comments: z.string().optional(),
      // A quote whose day the office has since closed: it cannot be paid until the office gives a new date.
      needs_new_date: z.boolean().optional(),
    }),
  })
  .transform((value) => value.data);
export type LinkedEnquiry = z.infer<typeof enquirySchema>;

export function getEnquiryByLink(tripNumber: string, token: string, signal?: AbortSignal): Promise<LinkedEnquiry> {
  return api.post(`/api/enquiries/${encodeURIComponent(tripNumber)}/view`, { token }, { schema: enquirySchema, signal });
}

export function useEnquiryByLink(tripNumber: string, token: string) {
  return useQuery({
    queryKey: ['enquiries', 'link', tripNumber, token],
    queryFn: ({ signal }) => getEnquiryByLink(tripNumber, token, signal),
    enabled: Boolean(tripNumber && token),
    retry: false,
  });
}

/** Opens the payment of the quote the link opens; following the link again resumes the same one. */
export function payEnquiryByLink(tripNumber: string, token: string): Promise<string> {
  return payQuotedEnquiry(tripNumber, { token });
}

export function usePayEnquiryByLink() {
  return useCommand({ mutationFn: ({ tripNumber, token }: { tripNumber: string; token: string }) => payEnquiryByLink(tripNumber, token) });
}
