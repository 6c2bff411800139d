package pricing

import (
	"context"
	"fmt"

	"mishwar/domain/trip"
	cartrm "mishwar/projections/cart"
)

// CartReader is the part of the cart read model (projections/cart.Reader) pricing reads.
type CartReader interface {
	Cart(ctx context.Context, userID string) (cartrm.View, error)
}

// CartItinerary reads userID's cart as the itinerary to price: an empty one at version -1 for a
// user who never had a cart.
func CartItinerary(ctx context.Context, carts CartReader, userID string) (trip.Itinerary, error) {
	v, err := carts.Cart(ctx, userID)
	if err != nil {
		return trip.Itinerary{}, fmt.Errorf("pricing: read cart: %w", err)
	}
	return ItineraryOf(v), nil
}

// ItineraryOf is the itinerary of a cart as the read model holds it.
func ItineraryOf(v cartrm.View) trip.Itinerary {
	it := trip.Itinerary{Version: v.Version, Start: v.Start, End: v.End}
	for _, item := range v.Items {
		it.Items = append(it.Items, trip.Item{
			ID: item.ID, DestinationID: item.DestinationID, Position: item.Position,
			ProgramID: item.ProgramID, Recorded: item.Destination,
		})
	}
	return it
}
