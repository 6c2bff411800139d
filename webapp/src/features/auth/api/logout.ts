import { api } from '@/lib/api-client';

export function logout(): Promise<unknown> {
  return api.post('/api/logout', {});
}
