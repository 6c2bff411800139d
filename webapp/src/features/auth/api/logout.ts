import { api } from '@/lib/api-client';

export function logout(): Promise<unknown> {
  // Signing out of a session that already ended is no news.
  return api.post('/api/logout', {}, { answersUnauthorized: true });
}
