package dispatch

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"time"

	"mishwar/commands"
	"mishwar/domain/availability"
	"mishwar/domain/dispatch"
	"mishwar/domain/order"
)

// RetimeTrip brings the driver's booked day in line with the order's trip as its stream says now,
// after the order was exchanged within its day (other times, or a trip of another length): the
// booking takes the new times (DriverDayRetimed), so the driver's day, its overlap rule and
// everything read from it work on the trip's real times. When the new times overlap another of the
// driver's trips that day, or on the day before or after (a trip running past midnight; the next
// day's stream decides a run into it, see carryOver), the driver cannot drive both: the booking is
// released (DriverDayReleased, its cause dispatch.CauseTimesOverlap naming the other trip and its
// times, its reason saying so in English) and the trip taken back from that driver
// (DriverUnassigned, the same reason and cause), so it waits on the board for an operator, as a
// confirmed order without a driver, rather than being double-booked.
//
// It is the job the trip-times process (processes/triptimes) queues for a same-day OrderExchanged.
// It reads the order's stream rather than the exchange's payload, so jobs of two quick exchanges
// settle on the last whatever order they run in. A trip without a driver, one already under way or
// driven (history is left as it was), or whose driver's day is not the order's (an exchange to
// another day: processes/ordertrip's MoveTrip releases it) has nothing to retime. meta.CommandID is
// the job's id: each step has an id derived from it, so a job run again after a crash repeats nothing.
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
	neighbours, err := h.neighbourDays(ctx, driver.ID, trip.Day(), map[string]time.Time{})
	if err != nil {
		return Outcome{}, err
	}
	day, err := commands.Execute(ctx, h.runner, dispatch.DriverDay, DriverDayStream(driver.ID, trip.Day()),
		dispatch.DriverDayCommand(dispatch.RetimeDriverDay{OrderID: num, StartAt: facts.StartAt, EndAt: facts.EndAt, Neighbours: neighbours}),
		sub(meta, "retime-day"), commuting)
	if err != nil {
		return Outcome{}, fmt.Errorf("dispatch: retime %s's day: %w", driver.ID, err)
	}
	out := Outcome{Position: day.Position, Changed: len(day.Events) > 0 && !day.Repeated}
	var released *dispatch.DriverDayReleased
	for _, e := range day.Events {
		if rel, ok := e.(dispatch.DriverDayReleased); ok {
			released = &rel
		}
	}
	if released == nil {
		// The booking stands at the new times: a run past midnight is decided on the next day's
		// stream, which a booking there at the same instant was not kept from by the read above.
		// Run again (a job after a crash) this step is repeated, so the two days agree in the end.
		if released, err = h.carryRetimed(ctx, driver.ID, trip.Day(), num, facts, meta); err != nil {
			return out, err
		}
		if released == nil {
			return out, nil
		}
		out.Changed = true
	} else if _, err := h.dropCarryOver(ctx, driver.ID, trip.Day(), num, sub(meta, "drop-carry-over")); err != nil {
		return out, err
	}
	res, err := commands.Execute(ctx, h.runner, dispatch.Trip, TripStream(num),
		dispatch.TripCommand(dispatch.UnassignDriver{By: actor(meta), Reason: released.Reason, Cause: released.Cause, DriverID: driver.ID}), sub(meta, "unassign"), commuting)
	if err != nil {
		return out, fmt.Errorf("dispatch: take the trip of %s back from %s: %w", num, driver.ID, err)
	}
	if out.Position.Less(res.Position) {
		out.Position = res.Position
	}
	return out, nil
}

// carryRetimed carries the retimed trip over into the next day when it now runs past midnight (or
// drops its carry-over when it no longer does). When the next day's stream refuses it (a trip there
// the neighbours read did not show yet), the booking is released, naming that trip as the cause, and
// returned for the trip to be taken back from the driver. A day that no longer carries the order
// carries nothing over; if this job released it (a run before a crash), that release is returned.
func (h *Handlers) carryRetimed(ctx context.Context, driverID string, day availability.Day, num string, facts dispatch.OrderFacts,
	meta commands.Meta) (*dispatch.DriverDayReleased, error) {
	release := func(rel dispatch.ReleaseDriverDay) (*dispatch.DriverDayReleased, error) {
		res, err := h.releaseDay(ctx, driverID, day, rel, sub(meta, "release-day"))
		if err != nil {
			return nil, fmt.Errorf("dispatch: give back %s's day: %w", driverID, err)
		}
		for _, e := range res.Events {
			if r, ok := e.(dispatch.DriverDayReleased); ok {
				return &r, nil
			}
		}
		return nil, nil
	}
	own, err := h.driverDay(ctx, driverID, day)
	if err != nil {
		return nil, err
	}
	if !slices.Contains(own.Orders(), num) {
		return release(dispatch.ReleaseDriverDay{OrderID: num}) // the first run's release, or nothing
	}
	_, err = h.carryOver(ctx, driverID, day, num, facts.StartAt, facts.EndAt, sub(meta, "carry-over"))
	if err == nil || !errors.Is(err, dispatch.ErrDriverBusy) {
		return nil, err
	}
	next, nerr := h.driverDay(ctx, driverID, dispatch.NeighbourDays(day)[1])
	if nerr != nil {
		return nil, errors.Join(err, nerr)
	}
	cause, ok := next.Overlap(facts.StartAt, facts.EndAt, num)
	if !ok {
		return nil, err // the trip it overlapped has gone meanwhile: the job runs again
	}
	return release(dispatch.ReleaseDriverDay{OrderID: num, Reason: cause.Text(), Cause: cause})
}
