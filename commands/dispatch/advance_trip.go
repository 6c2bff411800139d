package dispatch

import (
	"context"

	"mishwar/commands"
	"mishwar/domain/dispatch"
	"mishwar/domain/order"
)

// Advance takes the driver's next step on a trip (stop: the stop reached, for dispatch.StepArrive).
func (h *Handlers) Advance(ctx context.Context, orderID, step string, stop int, meta commands.Meta) (Outcome, error) {
	cmd, err := dispatch.StepCommand(step, stop, actor(meta))
	if err != nil {
		return Outcome{}, err
	}
	num, ok := order.NormalizeTripNumber(orderID)
	if !ok {
		return Outcome{}, order.ErrOrderNotFound
	}
	res, err := commands.Execute(ctx, h.runner, dispatch.Trip, TripStream(num), cmd, meta, commuting)
	if err != nil {
		return Outcome{}, err
	}
	return Outcome{Position: res.Position, Changed: len(res.Events) > 0}, nil
}
