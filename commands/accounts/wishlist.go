package accounts

import (
	"context"

	"github.com/google/uuid"

	"mishwar/domain/account"
)

// WishlistReader lists a person's wishlist.
type WishlistReader interface {
	Wishlist(ctx context.Context, userID uuid.UUID) ([]account.WishlistItem, error)
}

// WishlistHandler lists the acting user's wishlist.
type WishlistHandler struct {
	wishlist WishlistReader
}

// Handle lists the acting user's items, newest first.
func (h WishlistHandler) Handle(ctx context.Context, a Actor) ([]account.WishlistItem, error) {
	return h.wishlist.Wishlist(ctx, a.UserID)
}
