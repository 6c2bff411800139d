import { useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';

import { api } from '@/lib/api-client';

import { useCommand } from '@/lib/command';
import { idSchema } from '@/lib/schemas';

export interface PersonalInfoInput {
  first_name: string;
  last_name: string;
  email: string;
  phone_number: string;
  country_key?: string;
  /** Needed only when the e-mail changes. */
  current_password?: string;
}

const responseSchema = z.object({
  message: z.string(),
  user: z.object({
    id: idSchema,
    first_name: z.string(),
    last_name: z.string(),
    email: z.string(),
    phone_number: z.string().nullish(),
    role: z.string().nullish(),
  }),
});
export type PersonalInfoResponse = z.infer<typeof responseSchema>;

export function updatePersonalInfo(input: PersonalInfoInput): Promise<PersonalInfoResponse> {
  return api.put('/api/me', input, { schema: responseSchema });
}

/** Saves personal info and refreshes the signed-in user everywhere (header initials included). */
export function useUpdatePersonalInfo() {
  const queryClient = useQueryClient();
  return useCommand({
    mutationFn: updatePersonalInfo,
    onSuccess: (data) => queryClient.setQueryData(['auth', 'me'], data.user),
  });
}
