package dispatch

import (
	"context"
	"fmt"

	"mishwar/commands"
	"mishwar/domain/dispatch"
	"mishwar/domain/order"
)

// Advance takes the driver's next step on a trip (stop: the stop reached, for dispatch.StepArrive).
// The order is read from its own stream first: a cancelled order's trip does not go on, and the trip
// goes on the order's day (dispatch.Window), whatever the read models say. A start is refused while
// another of the driver's trips runs (setOff).
func (h *Handlers) Advance(ctx context.Context, orderID, step string, stop int, meta commands.Meta) (Outcome, error) {
	num, ok := order.NormalizeTripNumber(orderID)
	if !ok {
		return Outcome{}, order.ErrOrderNotFound
	}
	// No order, no trip: a trip number nobody booked is not found, whoever asks.
	facts, err := h.OrderFacts(ctx, num)
	if err != nil {
		return Outcome{}, err
	}
	by, err := h.drivingActor(ctx, meta)
	if err != nil {
		return Outcome{}, err
	}
	cmd, err := dispatch.StepCommand(step, stop, by, facts, h.startLead)
	if err != nil {
		return Outcome{}, err
	}
	var day Outcome
	if _, start := cmd.(dispatch.StartTrip); start {
		if day, err = h.setOff(ctx, num, cmd, meta); err != nil {
			return Outcome{}, err
		}
	}
	res, err := commands.Execute(ctx, h.runner, dispatch.Trip, TripStream(num), cmd, meta, commuting)
	if err != nil {
		return Outcome{}, err
	}
	out := Outcome{Position: res.Position, Changed: len(res.Events) > 0}
	if out.Position.Less(day.Position) {
		out.Position = day.Position
	}
	return out, nil
}

// setOff records the driver setting off on trip num on their day's stream before the start is
// appended to the trip: a driver runs one trip at a time, and both starts of two trips append to
// that one stream under its expected version, so of two starts at once only one sets off (the other
// is refused with dispatch.ErrFinishTripFirst, naming the running trip). The start is decided on the
// trip first, so the usual refusals never touch the day. A start that the trip refuses after all
// (cancelled, unassigned or moved at the same instant) leaves nothing running: each of those gives
// the trip back on the day's stream, which ends its run.
func (h *Handlers) setOff(ctx context.Context, num string, start dispatch.TripCommand, meta commands.Meta) (Outcome, error) {
	trip, _, err := h.Trip(ctx, num)
	if err != nil {
		return Outcome{}, err
	}
	if events, err := dispatch.Trip.Decide(trip, start, h.runner.Now()); err != nil || len(events) == 0 {
		return Outcome{}, err
	}
	driver, _ := trip.Driver()
	ended, err := h.endedTrips(ctx, driver.ID, trip.Day())
	if err != nil {
		return Outcome{}, err
	}
	res, err := commands.Execute(ctx, h.runner, dispatch.DriverDay, DriverDayStream(driver.ID, trip.Day()),
		dispatch.DriverDayCommand(dispatch.SetOff{DriverID: driver.ID, Day: trip.Day(), OrderID: num, Ended: ended}), sub(meta, "set-off"), commuting)
	if err != nil {
		return Outcome{}, fmt.Errorf("dispatch: set off on %s: %w", num, err)
	}
	return Outcome{Position: res.Position, Changed: len(res.Events) > 0}, nil
}
