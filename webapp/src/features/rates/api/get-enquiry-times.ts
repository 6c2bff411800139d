import { useQuery } from '@tanstack/react-query';

import { api } from '@/lib/api-client';
import { pickupTimesSchema as schema, type PickupTimes } from '@/lib/schemas';

export type { PickupTimes };

/** What an enquiry is about, as the form sends it: a program, a visitor's stops, else the signed-in traveller's cart. */
export interface EnquiryAbout {
  program?: string | undefined;
  destinationIds?: readonly string[] | undefined;
  /** The pickup points chosen (ids), else the server's default, as the enquiry is priced. */
  start?: string | undefined;
  end?: string | null | undefined;
}

/** What the enquiry is about, as the query of /api/enquiries/pickup-times and /api/enquiries/calendar. */
export function aboutQuery(about: EnquiryAbout) {
  return {
    program: about.program,
    destination_ids: about.program ? undefined : about.destinationIds?.join(','),
    start: about.start,
    end: about.end && about.end !== about.start ? about.end : undefined,
  };
}

/** The key part that tells one enquiry's trip from another's. */
export const aboutKey = (about: EnquiryAbout) => [about.program ?? '', about.destinationIds?.join(',') ?? '', about.start ?? '', about.end ?? ''] as const;

/** An enquiry about neither a program nor a visitor's stops is about the signed-in traveller's cart. */
export const isAboutCart = (about: EnquiryAbout) => !about.program && !about.destinationIds?.length;

export function getEnquiryTimes(date: string, about: EnquiryAbout, signal?: AbortSignal): Promise<PickupTimes> {
  return api.get('/api/enquiries/pickup-times', { query: { date, ...aboutQuery(about) }, schema, signal });
}

/**
 * The pickup times of a day at which what the enquiry is about fits one day (the server judges each
 * time as it judges the enquiry). An enquiry about the signed-in traveller's cart is under the cart's
 * key, so a change to the cart asks again.
 */
export function useEnquiryTimes(date: string, about: EnquiryAbout, enabled = true) {
  return useQuery({
    queryKey: [...(isAboutCart(about) ? ['cart'] : []), 'enquiry-times', date, ...aboutKey(about)],
    queryFn: ({ signal }) => getEnquiryTimes(date, about, signal),
    enabled: enabled && /^\d{4}-\d{2}-\d{2}$/.test(date),
    staleTime: 30_000,
    // A refusal (too many look-ups, an unknown program) is not asked again at once: the form falls back to every time.
    retry: false,
  });
}
