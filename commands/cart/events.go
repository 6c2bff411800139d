package cart

import (
	"mishwar/domain/cart"
	"mishwar/eventstore"
)

// RegisterEvents registers the cart's events under their stored names, schema version 1 (a test
// binary of the "next release" records moves as version 2: next_release.go).
func RegisterEvents(r *eventstore.Registry) {
	movedVersion, movedUpcasters := itemMovedSchema()
	eventstore.Register[cart.DestinationAddedToCart](r, "DestinationAddedToCart", 1)
	eventstore.Register[cart.ProgramAddedToCart](r, "ProgramAddedToCart", 1)
	eventstore.Register[cart.CartItemRemoved](r, "CartItemRemoved", 1)
	eventstore.Register[cart.CartCleared](r, "CartCleared", 1)
	eventstore.Register[cart.CartItemMoved](r, "CartItemMoved", movedVersion, movedUpcasters...)
	eventstore.Register[cart.CartReordered](r, "CartReordered", 1)
	eventstore.Register[cart.CartPointsChosen](r, "CartPointsChosen", 1)
}
