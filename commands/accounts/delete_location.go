package accounts

import (
	"context"

	"github.com/google/uuid"
)

// DeleteLocationHandler removes saved locations.
type DeleteLocationHandler struct {
	tables Tables
}

// Handle removes one of the acting user's locations.
func (h DeleteLocationHandler) Handle(ctx context.Context, a Actor, id uuid.UUID) error {
	return userError(h.tables.DeleteSavedLocation(ctx, a.UserID, id))
}
