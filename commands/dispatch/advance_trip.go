package dispatch

import (
	"context"

	"mishwar/commands"
	"mishwar/domain/dispatch"
	"mishwar/domain/order"
)

// Advance takes the driver's next step on a trip (stop: the stop reached, for dispatch.StepArrive).
// The order is read from its own stream first: a cancelled order's trip does not go on, and the trip
// goes on the order's day (dispatch.Window), whatever the read models say.
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
	res, err := commands.Execute(ctx, h.runner, dispatch.Trip, TripStream(num), cmd, meta, commuting)
	if err != nil {
		return Outcome{}, err
	}
	return Outcome{Position: res.Position, Changed: len(res.Events) > 0}, nil
}
