import { useEffect, useState } from 'react';
import { z } from 'zod';

import { live, type MessageReply } from '@/lib/live';

// The driver's live position (docs/live.md, "trip.position"): relayed by the server to the trip's
// traveller while the trip runs, never stored. The ETA and the next stop are the server's (the
// distance estimator's rule), the page only shows them.

export const positionSchema = z.object({
  order_id: z.string(),
  lat: z.number(),
  lng: z.number(),
  accuracy: z.number().optional(),
  heading: z.number().optional(),
  at: z.string(),
  sent_at: z.string(),
  next: z
    .object({
      kind: z.enum(['pickup', 'stop', 'end']),
      stop: z.number().optional(),
      name_en: z.string(),
      name_ar: z.string().optional(),
      lat: z.number(),
      lng: z.number(),
    })
    .optional(),
  eta_minutes: z.number().optional(),
  status: z.string(),
  stop: z.number(),
  /** The trip's driver turn when it was sent (the progress's driver_turn): after a hand-over, the former driver's car is not the traveller's. */
  driver_turn: z.number().optional(),
});
export type LivePosition = z.infer<typeof positionSchema>;

/** Trip statuses during which the driver's position is shared (from the first step to completion). */
export const RUNNING = new Set(['started', 'picked_up', 'at_stop']);

const sameTrip = (a: string, b: string) => a.toUpperCase() === b.toUpperCase();

/** Whether a position was sent in driver turn `turn` (a position or a page that does not say is taken as theirs). */
export const sentBy = (position: LivePosition, turn: number | undefined) => !turn || !position.driver_turn || position.driver_turn === turn;

/**
 * The latest position of the driver of orderId, as the live channel relays it: the one the server
 * still keeps, which it gives the socket itself as soon as the socket is in the trip's rooms (on
 * connecting for the signed-in traveller and staff, on joining the trip's room for /tripstatus, and
 * again after every reconnection) — or, when this page starts listening after that, answers once
 * asked — then each new one. Null until one is known; an older one arriving late never replaces a
 * newer. driverTurn is the trip's driver turn now (the progress's driver_turn): when it changes (a
 * hand-over) the car held is dropped, and a position of another turn is never taken.
 */
export function useLivePosition(orderId: string, driverTurn?: number): LivePosition | null {
  const [held, setPosition] = useState<{ position: LivePosition; driverTurn?: number } | null>(null);
  useEffect(() => {
    const take = (raw: unknown) => {
      const parsed = positionSchema.safeParse(raw);
      if (!parsed.success || !sameTrip(parsed.data.order_id, orderId) || !sentBy(parsed.data, driverTurn)) return;
      setPosition((current) =>
        current && current.driverTurn === driverTurn && Date.parse(current.position.at) > Date.parse(parsed.data.at)
          ? current
          : { position: parsed.data, driverTurn },
      );
    };
    const off = live.subscribe('trip.position', take);
    // The server gave it when the socket entered the trip's rooms, perhaps before this page was
    // listening: ask once for it now (answered only to a socket in those rooms).
    let cancelled = false;
    if (live.status === 'connected') {
      live
        .request('trip.position.latest', { order_id: orderId })
        .then((reply) => {
          if (!cancelled && reply.ok && reply.data) take(reply.data);
        })
        .catch(() => undefined);
    }
    return () => {
      cancelled = true;
      off();
    };
  }, [orderId, driverTurn]);
  // Held for another driver turn (the one before a hand-over): not this trip's car any more.
  if (!held || held.driverTurn !== driverTurn || !sentBy(held.position, driverTurn)) return null;
  return held.position;
}

/** Sends one fix of the driver's phone for their trip orderId; resolves with the server's reply. */
export function sendPosition(orderId: string, fix: GeolocationPosition): Promise<MessageReply> {
  const { latitude, longitude, accuracy, heading } = fix.coords;
  return live.request('trip.position', {
    order_id: orderId,
    lat: latitude,
    lng: longitude,
    accuracy: Number.isFinite(accuracy) ? Math.min(accuracy, 10_000) : 0,
    ...(heading !== null && Number.isFinite(heading) ? { heading } : {}),
    at: fix.timestamp,
    // The phone's clock now: with the fix's time it says how old the fix is, however wrong the
    // phone's clock is.
    sent_at: Date.now(),
  });
}
