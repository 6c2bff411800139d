package pricing

import (
	"context"
	"fmt"

	"mishwar/commands"
	"mishwar/domain/cart"
	"mishwar/domain/trip"
	"mishwar/eventstore"
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

// CartFromStream reads userID's cart from its own stream, folded by the cart's decider: what the cart
// is now, not what a read model that may lag says. Orders are priced from it, so a stop added a moment
// before checkout is always in the order.
func CartFromStream(ctx context.Context, r *commands.Runner, userID string) (trip.Itinerary, error) {
	h, err := commands.Load[cart.Event](ctx, r, eventstore.StreamID(cart.StreamCategory, userID))
	if err != nil {
		return trip.Itinerary{}, fmt.Errorf("pricing: load cart: %w", err)
	}
	return ItineraryOfState(cart.Decider.Fold(h.Events), h.Version), nil
}

// ItineraryOfState is the itinerary of a cart as its decider holds it, at version.
func ItineraryOfState(s cart.State, version int64) trip.Itinerary {
	it := trip.Itinerary{Version: version, Start: s.Start(), End: s.End()}
	for i, item := range s.Items() {
		it.Items = append(it.Items, trip.Item{
			ID: item.ID, DestinationID: item.DestinationID, Position: i + 1,
			ProgramID: item.ProgramID, Recorded: item.Destination,
		})
	}
	return it
}
