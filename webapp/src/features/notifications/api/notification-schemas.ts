import { z } from 'zod';

export const notificationSchema = z.object({
  id: z.number(),
  kind: z.string(),
  order_id: z.string(),
  params: z.object({
    driver: z.string().optional(),
    driver_ar: z.string().optional(),
    vehicle: z.string().optional(),
    vehicle_ar: z.string().optional(),
    plate: z.string().optional(),
    stop: z.number().optional(),
    place: z.string().optional(),
    place_ar: z.string().optional(),
    amount: z.object({ minor: z.number(), currency: z.string() }).optional(),
    start_at: z.string().optional(),
    end_at: z.string().optional(),
    trip: z.string().optional(),
    day: z.string().optional(),
    by: z.string().optional(),
    reason: z.string().optional(),
  }),
  at: z.string(),
  read: z.boolean(),
});

export const inboxSchema = z
  .object({ data: z.array(notificationSchema), unread: z.number(), read_up_to: z.number() })
  .transform((value) => ({ items: value.data, unread: value.unread, readUpTo: value.read_up_to }));
