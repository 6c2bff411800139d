import { useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';

import { useLanguage } from '@/hooks/use-language';
import { api } from '@/lib/api-client';
import { useCommand } from '@/lib/command';

/** One line of the order's card, said by the server in the request's language. */
export const fieldSchema = z.object({ key: z.string(), label: z.string(), value: z.string() });
export type Field = z.infer<typeof fieldSchema>;

const recordedSchema = z.object({
  id: z.string(),
  stream: z.string(),
  type: z.string(),
  schema_version: z.number(),
  version: z.number(),
  position: z.object({ commit: z.number(), prepare: z.number() }),
  recorded_at: z.string(),
  data: z.unknown(),
  metadata: z.record(z.string(), z.unknown()),
  type_label: z.string(),
  summary: z.string(),
  actor: z.object({ id: z.string(), name: z.string(), role: z.string(), label: z.string() }),
  /** The order's card after this event (on an order's history only). */
  fields: z.array(fieldSchema).optional(),
});
export type RecordedEvent = z.infer<typeof recordedSchema>;

/** One entry of an order's timeline: an event of the order or of its trip, and the order's version from which replay counts it as happened. */
const momentSchema = recordedSchema.extend({ part: z.enum(['order', 'trip']), from_version: z.number() });
export type Moment = z.infer<typeof momentSchema>;

/** A stream the order's story continues on (its trip, a payment), named in the request's language. */
const relatedSchema = z.object({ stream: z.string(), kind: z.string(), label: z.string() });
export type Related = z.infer<typeof relatedSchema>;

const hitsSchema = z.object({
  data: z.array(
    z.object({
      id: z.string(),
      status: z.string(),
      status_label: z.string(),
      customer: z.string(),
      email: z.string(),
      phone: z.string(),
      day: z.string(),
      placed_at: z.string(),
    }),
  ),
  total: z.number(),
});

/** GET /api/support/orders?q= — orders by any part of a name, an e-mail, a phone or a trip number. */
export function useOrderSearch(q: string) {
  const language = useLanguage();
  return useQuery({
    queryKey: ['support', 'search', q, language],
    enabled: q.trim().length > 0,
    retry: false,
    queryFn: ({ signal }) => api.get('/api/support/orders', { signal, schema: hitsSchema, query: { q } }),
  });
}

const historySchema = z.object({
  data: z.object({
    order_id: z.string(),
    version: z.number(),
    at: z.number(),
    events: z.array(recordedSchema),
    /** The order's events and its trip's, in the order they were recorded. */
    timeline: z.array(momentSchema).optional(),
    card: z.array(fieldSchema),
    /** Who drives the trip now (its dispatch stream, whatever version the card is at). */
    driver: z.array(fieldSchema),
    related_streams: z.array(z.string()),
    related: z.array(relatedSchema).optional(),
    actions: z.record(z.string(), z.string()),
  }),
});
export interface OrderHistory {
  order_id: string;
  version: number;
  at: number;
  events: RecordedEvent[];
  /** Absent from servers that did not merge the trip's events: the order's own events then. */
  timeline?: Moment[];
  card: Field[];
  driver: Field[];
  related_streams: string[];
  related?: Related[];
  actions: Record<string, string>;
}

/** GET /api/support/orders/{id}/history?at= — the order's events and its state at version `at`. */
export function useOrderHistory(id: string, at: number | undefined) {
  const language = useLanguage();
  return useQuery({
    queryKey: ['support', 'history', id, at, language],
    enabled: id !== '',
    queryFn: ({ signal }) =>
      api
        .get(`/api/support/orders/${encodeURIComponent(id)}/history`, { signal, schema: historySchema, query: at === undefined ? {} : { at } })
        .then((v): OrderHistory => v.data),
  });
}

const orderMailSchema = z
  .object({
    data: z.array(
      z.object({
        id: z.string(),
        to: z.string(),
        lang: z.string(),
        subject: z.string(),
        status: z.enum(['pending', 'sent', 'failed']),
        attempts: z.number(),
        last_error: z.string().optional(),
        created_at: z.string(),
        sent_at: z.string().nullable(),
        next_attempt_at: z.string().nullable(),
      }),
    ),
  })
  .transform((v) => v.data);
export type OrderMail = z.infer<typeof orderMailSchema>[number];

/** GET /api/support/orders/{id}/mail — the e-mails recorded about the order and its trip, oldest first. */
export function useOrderMail(id: string) {
  return useQuery({
    queryKey: ['support', 'mail', id],
    enabled: id !== '',
    queryFn: ({ signal }) => api.get(`/api/support/orders/${encodeURIComponent(id)}/mail`, { signal, schema: orderMailSchema }),
  });
}

const streamSchema = z.object({ data: z.array(recordedSchema) }).transform((v) => v.data);

/** GET /api/support/streams/{stream} — every event of a stream. */
export function useStream(stream: string) {
  const language = useLanguage();
  return useQuery({
    queryKey: ['support', 'stream', stream, language],
    enabled: stream !== '',
    queryFn: ({ signal }) => api.get(`/api/support/streams/${encodeURIComponent(stream)}`, { signal, schema: streamSchema }),
  });
}

const statusSchema = z
  .object({
    data: z.array(
      z.object({
        name: z.string(),
        events_processed: z.number(),
        lag_events: z.number(),
        running: z.boolean(),
        rebuilding: z.boolean(),
        // Older servers did not say; a read model was then assumed.
        rebuildable: z.boolean().default(true),
        last_error: z.string().optional(),
      }),
    ),
  })
  .transform((v) => v.data);

/** GET /api/admin/projections — each read model's health. */
export function useProjections() {
  return useQuery({ queryKey: ['support', 'projections'], queryFn: ({ signal }) => api.get('/api/admin/projections', { signal, schema: statusSchema }) });
}

/** POST /api/admin/projections/{name}/rebuild — starts a rebuild in the background. */
export function useRebuild() {
  const queryClient = useQueryClient();
  return useCommand({
    mutationFn: (name: string) => api.post(`/api/admin/projections/${encodeURIComponent(name)}/rebuild`),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: ['support', 'projections'] }),
  });
}
