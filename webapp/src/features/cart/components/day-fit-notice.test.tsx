import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { tripCalculationsSchema } from '../api/cart-schemas';

import { warningsBesideDayFit } from '../utils/day-fit';
import { DayFitNotice, dayFitBlock } from './day-fit-notice';

const refused = tripCalculationsSchema.parse({
  day_fit: {
    fits: false,
    misfit: 'longer_than_day_plan',
    reason: 'it takes longer than the 8-hour day plan.',
    suggestion: 'Move the stops from Citadel on to a second trip.',
    message: 'This trip cannot be booked as one day: it takes longer than the 8-hour day plan. Move the stops from Citadel on to a second trip.',
    stop: 3,
  },
});

describe('the one-day notice', () => {
  it('says why the trip cannot be booked and what to do', () => {
    render(<DayFitNotice calculations={refused} />);
    expect(screen.getByRole('alert')).toHaveAttribute('data-misfit', 'longer_than_day_plan');
    expect(screen.getByText('it takes longer than the 8-hour day plan.')).toBeInTheDocument();
    expect(screen.getByTestId('day-fit-suggestion')).toHaveTextContent('Move the stops from Citadel on to a second trip.');
  });

  it('says nothing about a trip that fits, or a cart from before the rule', () => {
    const { container } = render(<DayFitNotice calculations={tripCalculationsSchema.parse({ day_fit: { fits: true } })} />);
    expect(container).toBeEmptyDOMElement();
    expect(tripCalculationsSchema.parse({}).day_fit.fits).toBe(true);
  });

  it('blocks paying with checkout’s own message', () => {
    expect(dayFitBlock(refused)).toBe(refused.day_fit.message);
    expect(dayFitBlock(tripCalculationsSchema.parse({}))).toBeNull();
    expect(dayFitBlock(undefined)).toBeNull();
  });

  it('leaves out of the warnings what the notice says, so nothing is said twice', () => {
    const calculations = tripCalculationsSchema.parse({
      day_fit: refused.day_fit,
      warnings: [
        { code: 'trip.more_than_one_day', message: 'This itinerary needs more than one day: the day plan is 8 hours.' },
        { code: 'trip.stop_closed', message: 'Some stops are reached when they are closed. Reorder them or start earlier.' },
        { code: 'trip.suggest.second_trip', message: 'Move the stops from Citadel on to a second trip.' },
      ],
    });
    expect(warningsBesideDayFit(calculations).map((w) => w.code)).toEqual(['trip.stop_closed']);
    const fits = tripCalculationsSchema.parse({ warnings: calculations.warnings });
    expect(warningsBesideDayFit(fits)).toHaveLength(3);
  });
});
