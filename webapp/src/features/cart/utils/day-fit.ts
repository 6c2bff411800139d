import type { TripCalculations } from '../api/get-cart';

// The warning that says again what each misfit of the one-day rule says (domain/trip's Warn… keys).
const RESTATES: Partial<Record<string, string>> = {
  longer_than_day_plan: 'trip.more_than_one_day',
  reached_when_closed: 'trip.stop_closed',
  past_midnight: 'trip.past_midnight',
};

/**
 * The trip's warnings to list beside the one-day notice: the server also sends the notice's
 * suggestion ("Move the stops from … on to a second trip.") and its misfit as warnings, which would
 * say the same thing twice in two boxes. Without a notice (the trip fits), every warning.
 */
export function warningsBesideDayFit(calculations: TripCalculations): TripCalculations['warnings'] {
  const fit = calculations.day_fit;
  if (fit.fits) return calculations.warnings;
  const restated = fit.misfit ? RESTATES[fit.misfit] : undefined;
  return calculations.warnings.filter((warning) => !warning.code.startsWith('trip.suggest.') && warning.message !== fit.suggestion && warning.code !== restated);
}
