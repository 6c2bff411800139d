package accounts

import (
	"context"

	"github.com/google/uuid"
)

// DeletePickupPointHandler removes the user's own pickup points.
type DeletePickupPointHandler struct {
	tables Tables
}

// Handle removes one of the acting user's pickup points.
func (h DeletePickupPointHandler) Handle(ctx context.Context, a Actor, id uuid.UUID) error {
	return userError(h.tables.DeletePickupPoint(ctx, a.UserID, id))
}
