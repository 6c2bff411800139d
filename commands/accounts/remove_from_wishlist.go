package accounts

import (
	"context"
	"errors"

	"mishwar/domain/account"
)

// RemoveFromWishlistHandler removes wishlist items.
type RemoveFromWishlistHandler struct {
	tables Tables
}

// Handle removes an item from the acting user's wishlist.
func (h RemoveFromWishlistHandler) Handle(ctx context.Context, a Actor, kind, itemID string) error {
	err := h.tables.RemoveFromWishlist(ctx, a.UserID, kind, itemID)
	if errors.Is(err, account.ErrEntryNotFound) {
		return ErrWishlistNotFound
	}
	return err
}
