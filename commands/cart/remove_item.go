package cart

import (
	"context"

	"mishwar/commands"
	"mishwar/domain/cart"
)

// RemoveItem removes one item from userID's cart.
func (h *Handlers) RemoveItem(ctx context.Context, userID, itemID string, meta commands.Meta) (Result, error) {
	return h.execute(ctx, userID, cart.RemoveCartItem{ItemID: itemID}, meta)
}
