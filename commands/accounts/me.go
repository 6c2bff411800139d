package accounts

import (
	"context"

	"github.com/google/uuid"

	"mishwar/domain/account"
)

// UserReader reads accounts by id.
type UserReader interface {
	UserByID(ctx context.Context, id uuid.UUID) (account.User, error)
}

// MeHandler reads the signed-in person's account.
type MeHandler struct {
	users UserReader
}

// Handle returns the account with id.
func (h MeHandler) Handle(ctx context.Context, id uuid.UUID) (account.User, error) {
	u, err := h.users.UserByID(ctx, id)
	return u, userError(err)
}
