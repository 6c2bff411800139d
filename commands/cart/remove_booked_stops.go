package cart

import (
	"context"

	"mishwar/commands"
	"mishwar/domain/cart"
)

// RemoveBookedStops takes the stops a confirmed order booked out of its traveller's cart, so the next
// trip starts from a fresh cart; stops added since stay. It is the job of the process that follows
// bookings (processes/bookedcart), run under the job's id so a repeat removes nothing twice.
func (h *Handlers) RemoveBookedStops(ctx context.Context, userID, orderID string, destinationIDs []string, meta commands.Meta) (Result, error) {
	return h.execute(ctx, userID, cart.RemoveBookedStops{OrderID: orderID, DestinationIDs: destinationIDs}, meta)
}
