import { useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';

import { api } from '@/lib/api-client';
import { useCommand } from '@/lib/command';

export const notificationSchema = z.object({
  id: z.number(),
  kind: z.string(),
  order_id: z.string(),
  params: z.object({
    driver: z.string().optional(),
    driver_ar: z.string().optional(),
    vehicle: z.string().optional(),
    plate: z.string().optional(),
    stop: z.number().optional(),
    place: z.string().optional(),
    place_ar: z.string().optional(),
    amount: z.object({ minor: z.number(), currency: z.string() }).optional(),
    start_at: z.string().optional(),
  }),
  at: z.string(),
  read: z.boolean(),
});
export type Notification = z.infer<typeof notificationSchema>;

const inboxSchema = z
  .object({ data: z.array(notificationSchema), unread: z.number(), read_up_to: z.number() })
  .transform((value) => ({ items: value.data, unread: value.unread, readUpTo: value.read_up_to }));
export type Inbox = z.infer<typeof inboxSchema>;

/** Every query of the bell starts with this key; the live channel invalidates it (app/session.tsx). */
export const notificationsKey = ['notifications'] as const;

/** GET /api/notifications — the signed-in user's newest notifications and the unread count (signedIn: ask at all). */
export function useNotifications(signedIn: boolean) {
  return useQuery({
    queryKey: notificationsKey,
    queryFn: ({ signal }) => api.get('/api/notifications', { signal, schema: inboxSchema }),
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
    mutationFn: (upTo: number) => api.post('/api/notifications/read', { up_to: upTo }, { schema: inboxSchema }),
    onSuccess: (inbox: Inbox) => queryClient.setQueryData(notificationsKey, inbox),
  });
}
