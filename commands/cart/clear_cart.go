package cart

import (
	"context"

	"mishwar/commands"
	"mishwar/domain/cart"
)

// Clear removes every item from userID's cart; the chosen start and end points stay.
func (h *Handlers) Clear(ctx context.Context, userID string, meta commands.Meta) (Result, error) {
	return h.execute(ctx, userID, cart.ClearCart{}, meta)
}
