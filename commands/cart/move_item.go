package cart

import (
	"context"

	"mishwar/commands"
	"mishwar/domain/cart"
)

// MoveItem moves an item steps places up (towards the start) or down.
func (h *Handlers) MoveItem(ctx context.Context, userID, itemID string, direction cart.Direction, steps int, meta commands.Meta) (Result, error) {
	return h.execute(ctx, userID, cart.MoveCartItem{ItemID: itemID, Direction: direction, Steps: steps}, meta)
}
