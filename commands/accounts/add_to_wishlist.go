package accounts

import (
	"context"
	"regexp"

	"mishwar/domain"
	"mishwar/domain/account"
)

// Wishlist kinds.
const (
	WishDestination = "destination"
	WishProgram     = "program"
)

var itemIDPattern = regexp.MustCompile(`^[A-Za-z0-9_-]{1,64}$`)

// AddToWishlistHandler keeps destinations and programs for later.
type AddToWishlistHandler struct {
	tables Tables
	items  WishlistItems
}

// Handle keeps a destination or program for later. It reports whether the item was new.
func (h AddToWishlistHandler) Handle(ctx context.Context, a Actor, kind, itemID string) (account.WishlistItem, bool, error) {
	v := &domain.ValidationError{}
	if kind != WishDestination && kind != WishProgram {
		v.Add("kind", account.KeyKindInvalid)
	}
	if !itemIDPattern.MatchString(itemID) {
		v.Add("item_id", account.KeyItemInvalid)
	}
	if err := v.Err(); err != nil {
		return account.WishlistItem{}, false, err
	}
	if h.items != nil {
		ok, err := h.items.Exists(ctx, kind, itemID)
		if err != nil {
			return account.WishlistItem{}, false, err
		}
		if !ok {
			return account.WishlistItem{}, false, validation("item_id", account.KeyItemInvalid)
		}
	}
	it, added, err := h.tables.AddToWishlist(ctx, a.UserID, kind, itemID)
	return it, added, userError(err)
}
