package cart

import (
	"context"
	"fmt"

	"mishwar/commands"
	"mishwar/domain/cart"
)

// AddDestination appends destinationID to userID's cart and returns the new item's id.
func (h *Handlers) AddDestination(ctx context.Context, userID, destinationID string, meta commands.Meta) (string, Result, error) {
	meta = withCommandID(meta)
	cmd := cart.AddDestinationToCart{ItemID: itemID(meta, 0)}
	if destinationID != "" {
		d, found, err := h.catalogue.Destination(ctx, destinationID)
		if err != nil {
			return "", Result{}, fmt.Errorf("cart: look up destination %s: %w", destinationID, err)
		}
		if found {
			cmd.Destination = &d
		}
	}
	res, err := h.execute(ctx, userID, cmd, meta)
	if err != nil {
		return "", res, err
	}
	// A repeated command answers the item it added the first time.
	for _, e := range res.Events {
		if added, ok := e.(cart.DestinationAddedToCart); ok {
			return added.ItemID, res, nil
		}
	}
	return cmd.ItemID, res, nil
}
