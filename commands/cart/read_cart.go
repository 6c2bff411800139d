package cart

import (
	"context"
	"errors"
	"fmt"

	"mishwar/commands"
	"mishwar/commands/pricing"
	"mishwar/domain/trip"
	cartrm "mishwar/projections/cart"
)

// Carts is the part of the cart read model the queries fall back on.
type Carts interface {
	Cart(ctx context.Context, userID string) (cartrm.View, error)
}

// cartReader reads a user's cart for the queries: from its stream, as it is now, so an answer never
// shows a cart older than the last command's; from the cart read model only when the stream holds
// an event this release cannot read. That happens during a rolling deploy, when a newer process has
// written the cart: this process refuses commands on it (503, try again), but it can still show the
// cart as the newer processes, which lead the read model then, keep it.
type cartReader struct {
	runner    *commands.Runner
	readModel Carts
}

// itinerary is the cart at version or later (pricing.CartSince; commands.Latest for the cart as the
// store holds it now).
func (c cartReader) itinerary(ctx context.Context, userID string, version int64) (trip.Itinerary, error) {
	it, err := pricing.CartSince(ctx, c.runner, userID, version)
	if !errors.Is(err, commands.ErrNewerRelease) || c.readModel == nil {
		return it, err
	}
	v, rmErr := c.readModel.Cart(ctx, userID)
	if rmErr != nil {
		return trip.Itinerary{}, fmt.Errorf("cart: %w (and the read model: %w)", err, rmErr)
	}
	return itineraryOfView(v), nil
}

// itineraryOfView is the itinerary of a cart as the read model holds it.
func itineraryOfView(v cartrm.View) trip.Itinerary {
	it := trip.Itinerary{Version: v.Version, Start: v.Start, End: v.End}
	for _, item := range v.Items {
		it.Items = append(it.Items, trip.Item{
			ID: item.ID, DestinationID: item.DestinationID, Position: item.Position,
			ProgramID: item.ProgramID, Recorded: item.Destination,
		})
	}
	return it
}
