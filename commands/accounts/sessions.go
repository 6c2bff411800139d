package accounts

import (
	"context"

	"github.com/google/uuid"

	"mishwar/domain/account"
)

// SessionsLister lists an account's live sessions.
type SessionsLister interface {
	ActiveSessions(ctx context.Context, userID uuid.UUID) ([]account.Session, error)
}

// SessionsHandler lists the devices an account is signed in on.
type SessionsHandler struct {
	sessions SessionsLister
}

// Handle lists the account's live sessions, newest first.
func (h SessionsHandler) Handle(ctx context.Context, id uuid.UUID) ([]account.Session, error) {
	return h.sessions.ActiveSessions(ctx, id)
}
