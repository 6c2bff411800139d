import { z } from 'zod';

import { api } from '@/lib/api-client';
import { useCommand } from '@/lib/command';

const schema = z.object({ data: z.object({ url: z.string(), thumb: z.string(), width: z.number(), height: z.number() }) }).transform((v) => v.data);
export type UploadedPhoto = z.infer<typeof schema>;

/** POST /api/admin/uploads: the server checks the type by content and stores list and detail sizes. */
export function uploadPhoto(file: File): Promise<UploadedPhoto> {
  const body = new FormData();
  body.append('file', file);
  return api.post('/api/admin/uploads', body, { schema });
}

export function useUploadPhoto() {
  return useCommand({ mutationFn: uploadPhoto });
}
