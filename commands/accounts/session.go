package accounts

import (
	"context"

	"mishwar/domain/account"
)

// SessionReader resolves session tokens.
type SessionReader interface {
	// Authenticate returns who token belongs to; account.ErrNoSession for an unknown, expired or
	// revoked one. It reads the tables on every call, never a cache, so a session ended by one
	// process stops working in every process at once.
	Authenticate(ctx context.Context, token string) (account.Principal, error)
}

// SessionHandler tells who a session token belongs to (the API's and the live channel's sign-in).
type SessionHandler struct {
	sessions SessionReader
}

// Handle resolves token; account.ErrNoSession when it signs nobody in.
func (h SessionHandler) Handle(ctx context.Context, token string) (account.Principal, error) {
	return h.sessions.Authenticate(ctx, token)
}
