package pricing

import (
	"context"
	"fmt"

	"mishwar/commands"
	"mishwar/domain/cart"
	"mishwar/domain/trip"
	"mishwar/eventstore"
)

// CartFromStream reads userID's cart from its own stream, folded by the cart's decider: what the cart
// is now, not what a read model that may lag says, and from memory when the runner keeps the stream
// (commands.Current). The cart's own answers and orders are priced from it, so a stop added a moment
// before is always in the answer and the order. A user who never had a cart has an empty one at
// version -1.
func CartFromStream(ctx context.Context, r *commands.Runner, userID string) (trip.Itinerary, error) {
	return CartSince(ctx, r, userID, commands.Latest)
}

// CartSince is userID's cart at version or later (commands.StateSince): a cart command's answer,
// read from memory with the version the command left the cart at.
func CartSince(ctx context.Context, r *commands.Runner, userID string, version int64) (trip.Itinerary, error) {
	s, v, err := commands.StateSince(ctx, r, cart.Decider, eventstore.StreamID(cart.StreamCategory, userID), version)
	if err != nil {
		return trip.Itinerary{}, fmt.Errorf("pricing: load cart: %w", err)
	}
	return ItineraryOfState(s, v), nil
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
