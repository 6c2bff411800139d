package dispatch

import (
	"context"
	"fmt"

	"mishwar/commands"
	"mishwar/domain/dispatch"
	"mishwar/domain/order"
)

// RetimeTrip brings the driver's booked day in line with the order's trip as its stream says now,
// after the order was exchanged within its day (other times, or a trip of another length): the
// booking takes the new times (DriverDayRetimed), so the driver's day, its overlap rule and
// everything read from it work on the trip's real times. When the new times overlap another of the
// driver's trips that day the driver cannot drive both: the booking is released (DriverDayReleased,
// its cause dispatch.CauseTimesOverlap naming the other trip and its times, its reason saying so in
// English) and the trip taken back from that driver (DriverUnassigned, the same reason and cause),
// so it waits on the board for an operator, as a confirmed order without a driver, rather than
// being double-booked.
//
// It is the job the trip-times process (processes/triptimes) queues for a same-day OrderExchanged.
// It reads the order's stream rather than the exchange's payload, so jobs of two quick exchanges
// settle on the last whatever order they run in. A trip without a driver, one already under way or
// driven (history is left as it was), or whose driver's day is not the order's (an exchange to
// another day: processes/ordertrip's MoveTrip releases it) has nothing to retime. meta.CommandID is the job's id: each step has an id derived from it, so a job run
// again after a crash repeats nothing.
func (h *Handlers) RetimeTrip(ctx context.Context, orderID string, meta commands.Meta) (Outcome, error) {
	num, ok := order.NormalizeTripNumber(orderID)
	if !ok {
		return Outcome{}, order.ErrOrderNotFound
	}
	facts, err := h.OrderFacts(ctx, num)
	if err != nil {
		return Outcome{}, err
	}
	trip, _, err := h.Trip(ctx, num)
	if err != nil {
		return Outcome{}, fmt.Errorf("dispatch: the trip of %s: %w", num, err)
	}
	driver, has := trip.Driver()
	if !has || trip.Status() != dispatch.StatusAssigned || facts.Cancelled || trip.Day() != facts.Day {
		return Outcome{}, nil
	}
	day, err := commands.Execute(ctx, h.runner, dispatch.DriverDay, DriverDayStream(driver.ID, trip.Day()),
		dispatch.DriverDayCommand(dispatch.RetimeDriverDay{OrderID: num, StartAt: facts.StartAt, EndAt: facts.EndAt}),
		sub(meta, "retime-day"), commuting)
	if err != nil {
		return Outcome{}, fmt.Errorf("dispatch: retime %s's day: %w", driver.ID, err)
	}
	out := Outcome{Position: day.Position, Changed: len(day.Events) > 0 && !day.Repeated}
	for _, e := range day.Events {
		rel, ok := e.(dispatch.DriverDayReleased)
		if !ok {
			continue
		}
		res, err := commands.Execute(ctx, h.runner, dispatch.Trip, TripStream(num),
			dispatch.TripCommand(dispatch.UnassignDriver{By: actor(meta), Reason: rel.Reason, Cause: rel.Cause, DriverID: driver.ID}), sub(meta, "unassign"), commuting)
		if err != nil {
			return out, fmt.Errorf("dispatch: take the trip of %s back from %s: %w", num, driver.ID, err)
		}
		if out.Position.Less(res.Position) {
			out.Position = res.Position
		}
	}
	return out, nil
}
