package dispatch

import (
	"context"
	"fmt"

	"mishwar/commands"
	"mishwar/domain/availability"
	"mishwar/domain/dispatch"
	"mishwar/domain/order"
)

// MoveTrip follows an exchanged order to its new day: a driver booked for the old day is released
// and their day freed, so the trip waits on the board for a driver who works the new day. It is the
// job the order ↔ trip process (processes/ordertrip) queues for an OrderExchanged that changed the
// day; meta.CommandID is the job's id, so a job run again after a crash repeats nothing.
func (h *Handlers) MoveTrip(ctx context.Context, orderID string, day availability.Day, meta commands.Meta) (Outcome, error) {
	num, ok := order.NormalizeTripNumber(orderID)
	if !ok {
		return Outcome{}, order.ErrOrderNotFound
	}
	// The trip records the move as data (dispatch.CauseMovedToDay, for staff in their language) and
	// in English words.
	reason := dispatch.MovedToDay(day).Text()
	res, err := commands.Execute(ctx, h.runner, dispatch.Trip, TripStream(num),
		dispatch.TripCommand(dispatch.MoveTrip{Day: day, Reason: reason, By: actor(meta)}), meta, commuting)
	if err != nil {
		return Outcome{}, fmt.Errorf("dispatch: move the trip of %s: %w", num, err)
	}
	return h.freeUnassignedDays(ctx, num, res, meta, reason)
}
