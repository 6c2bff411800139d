import { useQuery, useQueryClient } from '@tanstack/react-query';

import { api } from '@/lib/api-client';
import { useCommand } from '@/lib/command';

import type { inboxSchema, notificationSchema } from './notification-schemas';

// The bell is on every page (its unread count): its schemas load with its first answer, not with the
// home page (zod stays out of the first download).
const loadInboxSchema = () => import('./notification-schemas').then((m) => m.inboxSchema);

type Output<S> = S extends { _output: infer O } ? O : never;
export type Notification = Output<typeof notificationSchema>;
export type Inbox = Output<typeof inboxSchema>;

/** Every query of the bell starts with this key; the live channel invalidates it (app/session.tsx). */
export const notificationsKey = ['notifications'] as const;

/** GET /api/notifications — the signed-in user's newest notifications and the unread count (signedIn: ask at all). */
export function useNotifications(signedIn: boolean) {
  return useQuery({
    queryKey: notificationsKey,
    queryFn: ({ signal }): Promise<Inbox> => api.get('/api/notifications', { signal, schema: loadInboxSchema }),
    enabled: signedIn,
  });
}

/** The bell's badge: unread notifications (0 when signed out or not loaded yet). */
export function useUnreadCount(signedIn: boolean): number {
  const inbox = useNotifications(signedIn);
  return signedIn ? (inbox.data?.unread ?? 0) : 0;
}

/** POST /api/notifications/read — everything up to the newest notification the user saw is read. */
export function useMarkAllRead() {
  const queryClient = useQueryClient();
  return useCommand({
    mutationFn: (upTo: number): Promise<Inbox> => api.post('/api/notifications/read', { up_to: upTo }, { schema: loadInboxSchema }),
    onSuccess: (inbox: Inbox) => queryClient.setQueryData(notificationsKey, inbox),
  });
}
