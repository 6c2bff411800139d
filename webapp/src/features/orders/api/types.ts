import { z } from 'zod';

export const moneySchema = z.object({ amount: z.number(), minor: z.number(), currency: z.string() });
export type Money = z.infer<typeof moneySchema>;

const pointSchema = z.object({ name: z.string(), lat: z.number(), lng: z.number(), pickup_point_id: z.string().optional() });

export const tripSchema = z.object({
  start_at: z.string(),
  date: z.string(),
  time: z.string(),
  pickup: pointSchema,
  end: pointSchema,
  stops: z.array(z.object({ destination_id: z.string(), name: z.string(), lat: z.number(), lng: z.number(), visit_minutes: z.number() })),
  program: z.string().optional(),
  rate_plan: z.object({ id: z.string(), name: z.string(), price_per_km: moneySchema, waiting_per_hour: moneySchema }),
  total_distance: z.number(),
  total_duration: z.number(),
  drive_minutes: z.number(),
  total_waiting_hours: z.number(),
  distance_cost: moneySchema,
  waiting_cost: moneySchema,
  total: moneySchema,
});
export type Trip = z.infer<typeof tripSchema>;

export const timelineEntrySchema = z.object({
  type: z.string(),
  at: z.string(),
  actor_role: z.string(),
  data: z.record(z.string(), z.unknown()),
});
export type TimelineEntry = z.infer<typeof timelineEntrySchema>;

export const orderSchema = z.object({
  id: z.string(),
  trip_number: z.string(),
  status: z.string(),
  source: z.string(),
  /** Priced by our team (a paid enquiry's quote): an exchange moves its date and time only, at its price. */
  quoted: z.boolean().optional(),
  placed_at: z.string(),
  updated_at: z.string(),
  hold_until: z.string(),
  contact: z.object({
    first_name: z.string(),
    last_name: z.string(),
    email: z.string().optional(),
    phone: z.string().optional(),
    country: z.string().optional(),
    comments: z.string().optional(),
    /** The group size the traveller gave (absent: not given, as on orders placed before checkout asked). */
    travellers: z.number().optional(),
  }),
  trip: tripSchema,
  total: moneySchema,
  prices: z.array(moneySchema),
  display_currency: z.string(),
  /** The promo code the order was placed with, as it applies to its trip now (OrderPlaced.promo). */
  promo: z
    .object({ code: z.string(), kind: z.string(), percent: z.number().optional(), amount_off: moneySchema, price_before: moneySchema, price_after: moneySchema })
    .nullish(),
  paid: moneySchema,
  refunded: moneySchema,
  owed: moneySchema,
  needs_attention: z.boolean(),
  payment_url: z.string().optional(),
  cancellation: z.object({
    free_until: z.string(),
    free_hours_before: z.number(),
    late_refund_percent: z.number(),
    free: z.boolean(),
    refund_percent: z.number(),
    refund: moneySchema,
    /** What the business would keep of what is still paid. */
    keep: moneySchema.optional(),
  }),
  cancelled: z
    .object({
      reason: z.string(),
      free: z.boolean(),
      refund_due: moneySchema,
      at: z.string(),
      by_staff: z.boolean().optional(),
      underway: z.boolean().optional(),
      /** Who the cancellation was for: "business" (the operator's doing) or "traveller". */
      initiated_by: z.string().optional(),
      kept: moneySchema.optional(),
    })
    .nullish(),
  /** status: in_progress (on its way), issued (sent) or failed. */
  refunds: z.array(z.object({ id: z.string(), amount: moneySchema, reason: z.string(), at: z.string(), status: z.string().optional() })),
  refund_requests: z.array(z.object({ reason: z.string(), amount: moneySchema, at: z.string() })),
  refund_request_open: z.boolean().default(false),
  pending_exchange: z
    .object({
      trip: tripSchema,
      difference: moneySchema,
      hold_until: z.string(),
      /** What the change alters of the booked trip, as the server decides it (order.ChangeOf). */
      changes: z.object({ when: z.boolean(), rate_plan: z.boolean(), itinerary: z.boolean() }),
    })
    .nullish(),
  actions: z.object({ pay: z.boolean(), cancel: z.boolean(), refund: z.boolean(), exchange: z.boolean() }),
  timeline: z.array(timelineEntrySchema).optional(),
});
export type Order = z.infer<typeof orderSchema>;

export const enquirySchema = z.object({
  trip_number: z.string(),
  status: z.string(),
  submitted_at: z.string(),
  trip: tripSchema,
  estimate: moneySchema,
  quote: z.object({ amount: moneySchema, note: z.string().optional(), valid_until: z.string() }).nullish(),
  decline_reason: z.string().optional(),
});

/** Query keys: the shell's live handler invalidates ['account', 'orders', id] on "order.changed". */
export const ordersKey = ['account', 'orders'] as const;
export const orderKey = (id: string) => ['account', 'orders', id] as const;

/** The amount in the currency the traveller chose when ordering, converted at the order's own rates. */
export function inCurrency(prices: ReadonlyArray<Money>, currency: string): Money | undefined {
  return prices.find((price) => price.currency === currency);
}
