package cart

import (
	"context"
	"fmt"

	"mishwar/commands/pricing"
	"mishwar/domain/trip"
	cartrm "mishwar/projections/cart"
)

// Carts is the part of the cart read model the cart's queries read.
type Carts interface {
	Cart(ctx context.Context, userID string) (cartrm.View, error)
}

// QuoteCartHandler answers a user's cart priced for every active rate plan and timed for a departure.
type QuoteCartHandler struct {
	carts      Carts
	quoter     *pricing.Quoter
	departures departures
}

// Handle quotes userID's cart leaving at departure ("" for 09:00 tomorrow; see departures.parse).
// An unreadable departure is ErrDepartureInvalid.
func (h QuoteCartHandler) Handle(ctx context.Context, userID, departure string) (trip.Quote, error) {
	at, err := h.departures.parse(departure)
	if err != nil {
		return trip.Quote{}, err
	}
	it, err := pricing.CartItinerary(ctx, h.carts, userID)
	if err != nil {
		return trip.Quote{}, fmt.Errorf("cart: %w", err)
	}
	return h.quoter.Quote(ctx, it, at)
}
