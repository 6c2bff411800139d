// The server's rule (domain/order ValidateGroup): a group must fit the seats of the car it books, the
// rate plan being a class of car with its seats. The server refuses a larger group on its group size
// in words without numbers (a field error carries none); a form says it with both numbers before
// anything is sent.
import { messageKey } from './form-messages';

// The largest group the server takes (domain/order MaxTravellers); a group out of 1–50 is told its
// range instead, as the server tells it.
const MAX_TRAVELLERS = 50;

/**
 * The travellers field's message when the group (as the field holds it: '' when not given) is larger
 * than the chosen car's seats, else null. Nothing is checked without a group size or without the
 * car's seats (no rate plan chosen yet, or a server that did not say).
 */
export function groupTooLargeFor(travellers: string, seats: number | null | undefined): string | null {
  const group = Number(travellers);
  if (travellers.trim() === '' || !Number.isInteger(group) || group > MAX_TRAVELLERS || !seats || group <= seats) return null;
  return messageKey('validation.carTooSmall', { seats, travellers: group });
}
