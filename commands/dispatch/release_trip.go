package dispatch

import (
	"context"
	"fmt"

	"mishwar/commands"
	"mishwar/domain/dispatch"
	"mishwar/domain/order"
)

// ReleaseTrip takes a cancelled order's trip off the road: the trip is cancelled on its stream (its
// driver released, even mid-trip) and the driver's day is freed. It is the job the order ↔ trip
// process (processes/ordertrip) queues for an OrderCancelled; meta.CommandID is the job's id, so a
// job run again after a crash repeats neither step: the trip's stream recognises the command id and
// answers with the events it wrote the first time, and the day's release has its own derived id.
func (h *Handlers) ReleaseTrip(ctx context.Context, orderID, reason string, meta commands.Meta) (Outcome, error) {
	num, ok := order.NormalizeTripNumber(orderID)
	if !ok {
		return Outcome{}, order.ErrOrderNotFound
	}
	res, err := commands.Execute(ctx, h.runner, dispatch.Trip, TripStream(num),
		dispatch.TripCommand(dispatch.CancelTrip{OrderID: num, Reason: reason, By: actor(meta)}), meta, commuting)
	if err != nil {
		return Outcome{}, fmt.Errorf("dispatch: release the trip of %s: %w", num, err)
	}
	out := Outcome{Position: res.Position, Changed: len(res.Events) > 0 && !res.Repeated}
	for _, e := range res.Events {
		c, ok := e.(dispatch.TripCancelled)
		if !ok {
			continue
		}
		day, err := h.releaseDay(ctx, c.DriverID, c.Day, dispatch.ReleaseDriverDay{OrderID: num, Reason: "order cancelled"}, sub(meta, "release-day"))
		if err != nil {
			return out, fmt.Errorf("dispatch: free %s's day: %w", c.DriverID, err)
		}
		if out.Position.Less(day.Position) {
			out.Position = day.Position
		}
	}
	return out, nil
}
