import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';

import { api } from '@/lib/api-client';

import { aboutKey, aboutQuery, isAboutCart, type EnquiryAbout } from './get-enquiry-times';

const enquiryDaySchema = z.object({
  date: z.string(),
  status: z.enum(['available', 'blocked', 'out_of_range']),
  reason: z.string().optional(),
});
export type EnquiryDay = z.infer<typeof enquiryDaySchema>;

const schema = z.object({ data: z.array(enquiryDaySchema) }).transform((value) => value.data);

export function getEnquiryCalendar(from: string, days: number, about: EnquiryAbout, signal?: AbortSignal): Promise<EnquiryDay[]> {
  return api.get('/api/enquiries/calendar', { query: { from, days, ...aboutQuery(about) }, schema, signal });
}

/**
 * The days from `from` for what the enquiry is about: a day is available only when one of the pickup
 * times /api/enquiries/pickup-times would offer fits that trip (else blocked, reason `no_start_fits`),
 * as the checkout's calendar shows the cart's days. About the traveller's cart, it is under the cart's
 * key, so a change to the cart asks again.
 */
export function useEnquiryCalendar(from: string, days: number, about: EnquiryAbout, enabled = true) {
  return useQuery({
    queryKey: [...(isAboutCart(about) ? ['cart'] : []), 'enquiry-calendar', from, days, ...aboutKey(about)],
    queryFn: ({ signal }) => getEnquiryCalendar(from, days, about, signal),
    enabled: enabled && /^\d{4}-\d{2}-\d{2}$/.test(from),
    staleTime: 30_000,
    // A refusal (too many look-ups, an unknown program) is not asked again at once: the picker then offers every day.
    retry: false,
  });
}
