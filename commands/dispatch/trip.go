package dispatch

import (
	"context"

	dispatchrm "mishwar/projections/dispatch"
)

// ReadModel names the read model the dispatch queries read, which a command's caller waits for before
// it reads its own write.
const ReadModel = dispatchrm.Name

// TripHandler reads one trip as the board and the driver see it.
type TripHandler struct {
	trips Trips
}

// Handle returns the trip of the order with trip number orderID.
func (h TripHandler) Handle(ctx context.Context, orderID string) (dispatchrm.Trip, error) {
	return h.trips.Trip(ctx, orderID)
}
