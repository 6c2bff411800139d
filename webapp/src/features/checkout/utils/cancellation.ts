// What cancelling an order that starts at a given time refunds, as the server decides it
// (domain/order Cancellation.RefundShare): everything when cancelled at least free_cancellation_hours
// before the start, late_refund_percent after that, nothing once the trip has started. The numbers are
// the server's (GET /api/orders/settings); this only says which of them applies to one start.
import { CAIRO_TIME_ZONE } from '@/config/constants';
import { dateTimeFormat } from '@/utils/intl-formatters';

export interface CancellationPolicy {
  free_cancellation_hours: number;
  late_refund_percent: number;
  /** How long before the start the booked trip can no longer be changed (the server's order.Cancellation.ChangeCutoff). */
  change_cutoff_hours?: number | undefined;
}

/** Until when the trip booked for start can still be changed, judged at now; null when the server did not say. */
export function changeFor(policy: CancellationPolicy, start: Date, now: Date): { until: Date; changeable: boolean } | null {
  if (policy.change_cutoff_hours === undefined) return null;
  const until = new Date(start.getTime() - policy.change_cutoff_hours * 3_600_000);
  // Changeable while now is not after the cut-off (ExchangeOrder refuses after it).
  return { until, changeable: now.getTime() <= until.getTime() };
}

export type CancellationAtStart =
  /** Cancelling until freeUntil refunds everything; after it, latePercent. */
  | { kind: 'free'; freeUntil: Date; latePercent: number }
  /** The free cancellation has passed already: cancelling refunds percent. */
  | { kind: 'late'; freeUntil: Date; percent: number }
  /** The start has passed: nothing can be cancelled. */
  | { kind: 'started' };

/** What cancellation refunds for a trip starting at start, judged at now (RefundShare's rule). */
export function cancellationFor(policy: CancellationPolicy, start: Date, now: Date): CancellationAtStart {
  if (now.getTime() >= start.getTime()) return { kind: 'started' };
  const freeUntil = new Date(start.getTime() - policy.free_cancellation_hours * 3_600_000);
  // Free while now is not after start − FreeBefore (the deadline itself is still free).
  if (now.getTime() <= freeUntil.getTime()) return { kind: 'free', freeUntil, latePercent: policy.late_refund_percent };
  return { kind: 'late', freeUntil, percent: policy.late_refund_percent };
}

const PARTS: Intl.DateTimeFormatOptions = {
  timeZone: CAIRO_TIME_ZONE, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit',
};

/** How far Cairo's clock is ahead of UTC at instant (milliseconds; it changes with summer time). */
function cairoOffset(instant: number): number {
  const parts: Record<string, number> = {};
  for (const part of dateTimeFormat('en-US', PARTS).formatToParts(new Date(instant))) {
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  }
  const wall = Date.UTC(parts.year ?? 0, (parts.month ?? 1) - 1, parts.day ?? 1, (parts.hour ?? 0) % 24, parts.minute ?? 0, parts.second ?? 0);
  return wall - Math.floor(instant / 1000) * 1000;
}

/**
 * The instant of a time on Cairo's clock ("YYYY-MM-DD", "HH:MM"), whatever the browser's time zone,
 * or null for a date or time that is not one.
 */
export function cairoInstant(date: string, time: string): Date | null {
  const day = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  const clock = /^(\d{2}):(\d{2})$/.exec(time);
  if (!day || !clock) return null;
  const wall = Date.UTC(Number(day[1]), Number(day[2]) - 1, Number(day[3]), Number(clock[1]), Number(clock[2]));
  // Cairo's offset at the wall time read as UTC, then again at the instant found (a summer-time change
  // between the two moves it by an hour).
  const first = wall - cairoOffset(wall);
  return new Date(wall - cairoOffset(first));
}
