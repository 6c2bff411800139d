import { useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';

import { api, isApiError } from '@/lib/api-client';
import { useCommand } from '@/lib/command';
import { useLiveRefresh } from '@/lib/live-refresh';

export const stepSchema = z.object({ type: z.string(), stop: z.number().optional(), name: z.string().optional(), driver: z.string().optional(), at: z.string() });

export const tripSchema = z.object({
  order_id: z.string(),
  day: z.string(),
  start_at: z.string(),
  customer: z.string(),
  phone: z.string(),
  comments: z.string().optional(),
  travellers: z.number().optional(),
  rate_plan: z.object({ id: z.string(), name: z.string(), name_ar: z.string().optional() }).nullish(),
  pickup: z.string(),
  /** Absent, or "" for one stop, where the order recorded no Arabic name: show the English one. */
  pickup_ar: z.string().optional(),
  /** Where the trip ends (the drop-off; Arabic where recorded) and when it is due back: absent when unknown. */
  end: z.string().optional(),
  end_ar: z.string().optional(),
  end_at: z.string().optional(),
  stops: z.array(z.string()),
  stops_ar: z.array(z.string()).nullish(),
  order_status: z.string(),
  status: z.string(),
  stop: z.number(),
  driver: z
    .object({ id: z.string(), name: z.string(), name_ar: z.string().optional(), phone: z.string(), vehicle: z.string(), vehicle_ar: z.string().optional(), plate: z.string() })
    .nullish(),
  /** Set when staff sent the driver's car though it has fewer seats than the order needs. */
  vehicle_override: z.object({ reason: z.string(), seats: z.number(), needed: z.number() }).nullish(),
  /** Why the trip's last driver was taken off: an operator's words, or a rule's in English; absent while it has one. */
  released_reason: z.string().optional(),
  /**
   * The rule's reason as data, to say in the reader's language: moved_to_day (with the new day) or
   * times_overlap (with the driver's other trip and its times). Absent for an operator's words and for
   * a driver taken off before it was recorded: show released_reason.
   */
  released_cause: z
    .object({ code: z.string(), day: z.string().optional(), trip: z.string().optional(), start_at: z.string().optional(), end_at: z.string().optional() })
    .nullish(),
  /** Set once the trip went to its driver on the road from another: from whom, why and when (staff's). */
  handover: z.object({ from: z.string(), from_ar: z.string().optional(), reason: z.string(), at: z.string() }).nullish(),
  steps: z.array(stepSchema),
  next_step: z.string().optional(),
  next_stop: z.number().optional(),
  /** The driver's list: while the trip waits for its start, the first moment it may be started. */
  starts_from: z.string().optional(),
  /** The driver's list: while another of the driver's trips runs, its number (a driver runs one trip at a time). */
  finish_first: z.string().optional(),
  version: z.number(),
});
export type Trip = z.infer<typeof tripSchema>;

/**
 * Where a trip handed over on the road had reached when its driver took it over (the last step before
 * the hand-over): as a status and stop, or null for a trip never handed over.
 */
export function reachedAtHandover(trip: Trip): { status: string; stop: number } | null {
  const handedAt = trip.steps.map((step) => step.type).lastIndexOf('TripHandedOver');
  if (handedAt < 0) return null;
  for (const step of trip.steps.slice(0, handedAt).reverse()) {
    if (step.type === 'ArrivedAtStop') return { status: 'at_stop', stop: step.stop ?? 0 };
    if (step.type === 'TravellersPickedUp') return { status: 'picked_up', stop: 0 };
    if (step.type === 'TripStarted') return { status: 'started', stop: 0 };
  }
  return null;
}

/** The trip's pickup and stops named in language: Arabic where the order recorded it, else English. */
export function tripPlaces(trip: Trip, language: string): { pickup: string; stops: string[] } {
  if (language !== 'ar') return { pickup: trip.pickup, stops: trip.stops };
  return { pickup: trip.pickup_ar || trip.pickup, stops: trip.stops.map((name, i) => trip.stops_ar?.[i] || name) };
}

export const boardDriverSchema = z.object({
  id: z.string(),
  name: z.string(),
  phone: z.string(),
  vehicle: z.string(),
  plate: z.string(),
  trips_per_day: z.number(),
  works_that_day: z.boolean(),
  trips: z.number(),
  account_email: z.string().optional(),
  /** The version of the driver's account link (-1: never linked): sent as If-Match when linking. */
  account_version: z.number().optional(),
});
export type BoardDriver = z.infer<typeof boardDriverSchema>;

const boardSchema = z.object({ data: z.array(tripSchema), drivers: z.array(boardDriverSchema), date: z.string() });

/**
 * The notices after which the staff's dispatch screens (board, planner, manifest) read again: a trip
 * assigned, taken back or moved on by anyone (the dispatch read model's notice to the staff room),
 * an order paid, exchanged or cancelled.
 */
export const STAFF_DISPATCH_EVENTS = ['trip.progress', 'order.changed'] as const;

/** GET /api/admin/trips?date= — the trips of a day and the drivers who could take them. */
export function useTripsBoard(date: string) {
  useLiveRefresh(['dispatch', 'board'], STAFF_DISPATCH_EVENTS);
  return useQuery({
    queryKey: ['dispatch', 'board', date],
    queryFn: ({ signal }) => api.get('/api/admin/trips', { signal, schema: boardSchema, query: { date } }),
  });
}

const tripAnswer = z.object({ data: tripSchema }).transform((value) => value.data);

/** The board's choice of a driver for a trip: one of the drivers listed. */
export const assignInputSchema = z.object({ driverId: z.string().min(1) });
export type AssignInput = z.infer<typeof assignInputSchema>;

/** The e-mail of the account a driver signs in with (the browser checks its form; the server decides). */
export const linkAccountInputSchema = z.object({ email: z.string().min(1) });
export type LinkAccountInput = z.infer<typeof linkAccountInputSchema>;

/** Assigns a driver; override (staff's reason) sends a car that does not seat the order anyway. */
export const assignDriver = (orderId: string, driverId: string, override?: string) =>
  api.post(`/api/admin/trips/${encodeURIComponent(orderId)}/driver`, override ? { driver_id: driverId, override_vehicle: override } : { driver_id: driverId }, {
    schema: tripAnswer,
  });

const carTooSmallSchema = z.object({ message: z.string(), vehicle: z.object({ seats: z.number(), needed: z.number(), overridable: z.literal(true) }) });
/** The server's refusal of a car with too few seats: its reason, the car's seats and what the order needs. */
export type CarTooSmall = { message: string; seats: number; needed: number };

/** The seats refusal an assignment failed with, or null for any other failure. */
export function carTooSmallOf(error: unknown): CarTooSmall | null {
  if (!isApiError(error) || error.status !== 422) return null;
  const parsed = carTooSmallSchema.safeParse(error.body);
  return parsed.success ? { message: parsed.data.message, seats: parsed.data.vehicle.seats, needed: parsed.data.vehicle.needed } : null;
}
export const unassignDriver = (orderId: string, reason = '') =>
  api.delete(`/api/admin/trips/${encodeURIComponent(orderId)}/driver${reason.trim() ? `?reason=${encodeURIComponent(reason.trim())}` : ''}`, { schema: tripAnswer });
/** Hands a trip on the road to another driver, saying why (required). */
export const handOverTrip = (orderId: string, driverId: string, reason: string) =>
  api.post(`/api/admin/trips/${encodeURIComponent(orderId)}/handover`, { driver_id: driverId, reason: reason.trim() }, { schema: tripAnswer });

/** The trip's steps while it is on the road: what a hand-over is for. */
export const ON_THE_ROAD = new Set(['started', 'picked_up', 'at_stop']);
/**
 * PUT the driver's sign-in account. version is the link's version the board was loaded at: another
 * admin's link since is refused (409) rather than silently overwritten.
 */
export const linkDriverAccount = (driverId: string, email: string, version?: number) =>
  api.put(`/api/admin/drivers/${encodeURIComponent(driverId)}/account`, { email }, version === undefined ? {} : { headers: { 'If-Match': `"${String(version)}"` } });

const invitationAnswer = z
  .object({ data: z.object({ driver_id: z.string(), email: z.string(), invited: z.boolean(), invitation_valid_until: z.string().optional() }) })
  .transform((value) => value.data);
/** What an invitation did: invited (a new driver's account was made and e-mailed) or an existing one linked. */
export type DriverInvitation = z.infer<typeof invitationAnswer>;

/**
 * POST an invitation: the e-mail nobody has becomes a driver's account linked to the driver and is
 * sent a link to set a password; a driver's account is linked; a traveller's or staff is refused (409).
 */
export const inviteDriver = (driverId: string, email: string, version?: number) =>
  api.post(`/api/admin/drivers/${encodeURIComponent(driverId)}/invitation`, { email: email.trim() }, {
    schema: invitationAnswer,
    ...(version === undefined ? {} : { headers: { 'If-Match': `"${String(version)}"` } }),
  });

/** A dispatch action; the board and the driver's list refetch afterwards. */
export function useDispatchAction<I>(run: (input: I) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useCommand({ mutationFn: run, onSuccess: () => void queryClient.invalidateQueries({ queryKey: ['dispatch'] }) });
}

const tripsSchema = z.object({ data: z.array(tripSchema) }).transform((value) => value.data);

/**
 * GET /api/driver/trips — the signed-in driver's trips from today on, and any still running from
 * before; read again when a trip changes and when the live channel comes back after a loss.
 */
export function useDriverTrips(enabled = true) {
  useLiveRefresh(['dispatch', 'driver'], ['trip.progress'], { wait: 50, maxWait: 500 });
  return useQuery({ queryKey: ['dispatch', 'driver'], enabled, queryFn: ({ signal }) => api.get('/api/driver/trips', { signal, schema: tripsSchema }) });
}

export const advanceTrip = (orderId: string, step: string, stop?: number) =>
  api.post(`/api/driver/trips/${encodeURIComponent(orderId)}/progress`, { step, stop: stop ?? 0 }, { schema: tripAnswer });
