package accounts

import (
	"context"
	"errors"

	"github.com/google/uuid"

	"mishwar/domain/account"
)

// EndSessionHandler ends one of the actor's sessions.
type EndSessionHandler struct {
	tables Tables
}

// Handle ends one of the account's sessions by id. An id that is no live session of the account
// (ended, another account's, none at all) is one plain not found, saying nothing about the others.
func (h EndSessionHandler) Handle(ctx context.Context, a Actor, sessionID uuid.UUID) error {
	err := h.tables.RevokeSession(ctx, a.UserID, sessionID)
	if errors.Is(err, account.ErrEntryNotFound) {
		return ErrSessionNotFound
	}
	return err
}
