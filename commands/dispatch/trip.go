package dispatch

import (
	"context"

	dispatchrm "mishwar/projections/dispatch"
)

// TripHandler reads one trip as the board and the driver see it.
type TripHandler struct {
	trips Trips
}

// Handle returns the trip of the order with trip number orderID.
func (h TripHandler) Handle(ctx context.Context, orderID string) (dispatchrm.Trip, error) {
	return h.trips.Trip(ctx, orderID)
}
