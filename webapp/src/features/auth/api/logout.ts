import { useMutation } from '@tanstack/react-query';

import { api } from '@/lib/api-client';

export function logout(): Promise<unknown> {
  return api.post('/api/logout', {});
}

export function useLogout() {
  return useMutation({ mutationFn: logout });
}
