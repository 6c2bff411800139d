package orders

import (
	"context"
	"time"

	"mishwar/commands"
	"mishwar/domain/dispatch"
	"mishwar/domain/order"
	"mishwar/eventstore"
)

// tripCategory is the stream category of an order's trip (commands/dispatch writes it; this package
// only reads it, to know whether the driver has set off before the order has heard).
const tripCategory = "dispatch"

// RecordTripStarted records on the order that its driver set off. It is the job the order ↔ trip
// process (processes/ordertrip) queues for dispatch's TripStarted; meta.CommandID is the job's id, so
// a job run twice records the start once. An order cancelled in the meantime records nothing: the
// cancellation won, and the same process takes the trip off the road.
func (h *Handlers) RecordTripStarted(ctx context.Context, orderID, driverID string, startedAt time.Time, meta commands.Meta) (eventstore.Position, error) {
	res, err := execOrder(ctx, h, orderID, order.RecordTripStarted{DriverID: driverID, StartedAt: startedAt}, meta)
	if err != nil {
		return eventstore.Position{}, wrap("record trip start", err)
	}
	return res.Position, nil
}

// RecordTripCompleted records on the order that its trip ended, which completes the order (and
// sends the traveller's "trip completed" e-mail through processes/ordermail). The job of dispatch's
// TripCompleted, like RecordTripStarted.
func (h *Handlers) RecordTripCompleted(ctx context.Context, orderID, driverID string, startedAt, completedAt time.Time, meta commands.Meta) (eventstore.Position, error) {
	res, err := execOrder(ctx, h, orderID, order.RecordTripCompleted{DriverID: driverID, StartedAt: startedAt, CompletedAt: completedAt}, meta)
	if err != nil {
		return eventstore.Position{}, wrap("record trip completion", err)
	}
	return res.Position, nil
}

// tripStarted reads the order's trip stream: has its driver set off? The order learns it through the
// process a moment later; until then this keeps the traveller from cancelling a trip under way.
func (h *Handlers) tripStarted(ctx context.Context, orderID string) (bool, error) {
	hist, err := commands.Load[dispatch.TripEvent](ctx, h.runner, eventstore.StreamID(tripCategory, orderID))
	if err != nil {
		return false, wrap("read the trip", err)
	}
	return dispatch.Trip.Fold(hist.Events).Started(), nil
}
