// What operators read of a job: its kind in words (the kinds are the process managers' own:
// processes/payments, processes/ordertrip, processes/bookedcart, processes/ordereffects) and what it
// concerns, from its payload.

/** The job kinds the app has words for; another kind is shown as it is named. */
export const KNOWN_KINDS = [
  'orders.refund',
  'orders.open_payment_session',
  'orders.record_trip_step',
  'dispatch.release_trip',
  'cart.remove_booked_stops',
  'orders.settle_event',
  'orders.settle_payment',
] as const;

/** The translation key of a kind's words, or null for a kind the app does not know. */
export function kindKey(kind: string): string | null {
  return (KNOWN_KINDS as readonly string[]).includes(kind) ? `processSteps.kinds.${kind.replace('.', '_')}` : null;
}

export interface JobSubject {
  orderId: string | null;
  step: string | null;
}

/** The order (its trip number) and the trip step a payload names, when it names them. */
export function jobSubject(payload: unknown): JobSubject {
  if (!payload || typeof payload !== 'object') return { orderId: null, step: null };
  const record = payload as Record<string, unknown>;
  const text = (key: string) => (typeof record[key] === 'string' && record[key] !== '' ? record[key] : null);
  return { orderId: text('order_id') ?? text('trip_number'), step: text('step') };
}
