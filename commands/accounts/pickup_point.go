package accounts

import (
	"context"

	"github.com/google/uuid"

	"mishwar/domain/account"
)

// PickupPointReader reads one of a person's own pickup points.
type PickupPointReader interface {
	PickupPoint(ctx context.Context, userID, id uuid.UUID) (account.PickupPoint, error)
}

// PickupPointHandler reads one of the acting user's pickup points (checkout uses it to check a
// choice).
type PickupPointHandler struct {
	points PickupPointReader
}

// Handle returns the pickup point with id if it is the acting user's.
func (h PickupPointHandler) Handle(ctx context.Context, a Actor, id uuid.UUID) (account.PickupPoint, error) {
	p, err := h.points.PickupPoint(ctx, a.UserID, id)
	return p, userError(err)
}
