package cart

import (
	"context"

	"mishwar/commands"
	"mishwar/domain/cart"
)

// Reorder puts the items of userID's cart in the order of itemIDs (every item exactly once), e.g.
// to accept a proposed optimised order. reason is recorded ("optimised").
func (h *Handlers) Reorder(ctx context.Context, userID string, itemIDs []string, reason string, meta commands.Meta) (Result, error) {
	return h.execute(ctx, userID, cart.ReorderCart{ItemIDs: itemIDs, Reason: reason}, meta)
}
