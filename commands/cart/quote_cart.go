package cart

import (
	"context"
	"fmt"

	"mishwar/commands"
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
	return h.quote(ctx, userID, departure, commands.Latest)
}

// HandleAfter is Handle for a command's answer: the cart as the command res left it (or later), read
// from this process's memory when it keeps the cart that far, without asking the store again.
func (h QuoteCartHandler) HandleAfter(ctx context.Context, userID, departure string, res Result) (trip.Quote, error) {
	return h.quote(ctx, userID, departure, res.Version)
}

func (h QuoteCartHandler) quote(ctx context.Context, userID, departure string, version int64) (trip.Quote, error) {
	at, err := h.departures.parse(departure)
	if err != nil {
		return trip.Quote{}, err
	}
	it, err := h.carts.itinerary(ctx, userID, version)
	if err != nil {
		return trip.Quote{}, fmt.Errorf("cart: %w", err)
	}
	return h.quoter.Quote(ctx, it, at)
}
