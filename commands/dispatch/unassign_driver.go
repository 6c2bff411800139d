package dispatch

import (
	"context"
	"fmt"

	"github.com/google/uuid"

	"mishwar/commands"
	"mishwar/domain/dispatch"
	"mishwar/domain/order"
)

// UnassignDriver takes a trip that has not started back from its driver and frees their day.
func (h *Handlers) UnassignDriver(ctx context.Context, orderID, reason string, meta commands.Meta) (Outcome, error) {
	if meta.CommandID == uuid.Nil {
		meta.CommandID = uuid.New()
	}
	num, ok := order.NormalizeTripNumber(orderID)
	if !ok {
		return Outcome{}, order.ErrOrderNotFound
	}
	res, err := commands.Execute(ctx, h.runner, dispatch.Trip, TripStream(num),
		dispatch.TripCommand(dispatch.UnassignDriver{By: actor(meta), Reason: reason}), meta, commuting)
	if err != nil {
		return Outcome{}, err
	}
	return h.freeUnassignedDays(ctx, num, res, meta, "unassigned")
}

// freeUnassignedDays gives back the day of each driver res unassigned, under a command id derived
// from meta's, so a command run again frees nothing twice. The release carries the unassignment's
// cause, when a rule took the driver off.
func (h *Handlers) freeUnassignedDays(ctx context.Context, num string, res commands.Result[dispatch.TripEvent], meta commands.Meta, reason string) (Outcome, error) {
	out := Outcome{Position: res.Position, Changed: len(res.Events) > 0}
	for _, e := range res.Events {
		u, ok := e.(dispatch.DriverUnassigned)
		if !ok {
			continue
		}
		day, err := h.releaseDay(ctx, u.DriverID, u.Day, dispatch.ReleaseDriverDay{OrderID: num, Reason: reason, Cause: u.Cause}, sub(meta, "release-day"))
		if err != nil {
			return out, fmt.Errorf("dispatch: free %s's day: %w", u.DriverID, err)
		}
		if out.Position.Less(day.Position) {
			out.Position = day.Position
		}
	}
	return out, nil
}
