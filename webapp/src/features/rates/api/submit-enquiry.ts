import { z } from 'zod';

import { api } from '@/lib/api-client';
import { useCommand } from '@/lib/command';

export interface EnquiryInput {
  rate_id: string;
  first_name: string;
  last_name: string;
  email: string;
  confirm_email: string;
  terms: boolean;
  /** E.164 (+201001234567), as checkout sends it. */
  phone: string;
  /** Empty: the phone carries its own country key. */
  country_key: string;
  /** The traveller's country, a region code (EG). */
  country: string;
  comments: string;
  /** Cairo date (YYYY-MM-DD) and time (HH:MM), or empty to leave them to the operator. */
  date: string;
  time: string;
  /** The group size. */
  travellers?: number;
  program_id?: string;
  /** A visitor's itinerary: destination ids in order. */
  destination_ids?: string[];
  /** The pickup point chosen on the selection page (signed-in travellers' trips carry their own). */
  start?: { pickup_point_id: string };
  end?: { pickup_point_id: string };
}

const responseSchema = z
  .object({ trip_number: z.string().nullish(), data: z.object({ trip_number: z.string().nullish() }).nullish() })
  .loose()
  .transform((value) => ({ tripNumber: value.trip_number ?? value.data?.trip_number ?? null }));

export function submitEnquiry(input: EnquiryInput): Promise<{ tripNumber: string | null }> {
  return api.post('/api/enquiries', input, { schema: responseSchema });
}

export function useSubmitEnquiry() {
  return useCommand({ mutationFn: submitEnquiry });
}
