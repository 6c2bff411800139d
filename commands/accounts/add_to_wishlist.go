package accounts

import (
	"context"

	"mishwar/domain/account"
)

// Wishlist kinds.
const (
	WishDestination = account.WishDestination
	WishProgram     = account.WishProgram
)

// AddToWishlistHandler keeps destinations and programs for later.
type AddToWishlistHandler struct {
	tables Tables
	items  WishlistItems
}

// Handle keeps a destination or program, named by id or slug, for later under its catalogue id. It
// reports whether the item was new (the same place named by its slug and then its id is there once).
func (h AddToWishlistHandler) Handle(ctx context.Context, a Actor, kind, ref string) (account.WishlistItem, bool, error) {
	if err := account.CheckWishlistRequest(kind, ref); err != nil {
		return account.WishlistItem{}, false, err
	}
	named, err := h.items.Resolve(ctx, ref)
	if err != nil {
		return account.WishlistItem{}, false, err
	}
	id, err := account.WishlistItemID(kind, named)
	if err != nil {
		return account.WishlistItem{}, false, err
	}
	it, added, err := h.tables.AddToWishlist(ctx, a.UserID, kind, id)
	return it, added, userError(err)
}
