package accounts

import (
	"context"

	"github.com/google/uuid"

	"mishwar/domain/account"
)

// PickupPointsReader lists a person's own pickup points.
type PickupPointsReader interface {
	PickupPoints(ctx context.Context, userID uuid.UUID) ([]account.PickupPoint, error)
}

// PickupPointsHandler lists the acting user's pickup points.
type PickupPointsHandler struct {
	points PickupPointsReader
}

// Handle lists the acting user's pickup points, oldest first.
func (h PickupPointsHandler) Handle(ctx context.Context, a Actor) ([]account.PickupPoint, error) {
	return h.points.PickupPoints(ctx, a.UserID)
}
