package cart

import (
	"context"
	"fmt"

	"mishwar/commands/pricing"
	"mishwar/domain/trip"
)

// QuoteCartHandler answers a user's cart priced for every active rate plan and timed for a departure.
type QuoteCartHandler struct {
	carts      cartReader
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
	it, err := h.carts.itinerary(ctx, userID)
	if err != nil {
		return trip.Quote{}, fmt.Errorf("cart: %w", err)
	}
	return h.quoter.Quote(ctx, it, at)
}
