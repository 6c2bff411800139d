package cart

import (
	"context"
	"fmt"

	"mishwar/commands"
	"mishwar/commands/pricing"
	"mishwar/domain/trip"
)

// ProposeOrderHandler proposes the order of a cart's stops with the least driving; it changes
// nothing (accepting is the Reorder command with the proposed order).
type ProposeOrderHandler struct {
	carts      cartReader
	quoter     *pricing.Quoter
	departures departures
}

// Handle proposes an order for userID's cart leaving at departure ("" for 09:00 tomorrow), with
// both orders quoted. A cart with fewer than two stops that can be driven to answers
// trip.ErrNothingToOptimise.
func (h ProposeOrderHandler) Handle(ctx context.Context, userID, departure string) (trip.OrderProposal, error) {
	at, err := h.departures.parse(departure)
	if err != nil {
		return trip.OrderProposal{}, err
	}
	it, err := h.carts.itinerary(ctx, userID, commands.Latest)
	if err != nil {
		return trip.OrderProposal{}, fmt.Errorf("cart: %w", err)
	}
	return h.quoter.Optimise(ctx, it, at)
}
