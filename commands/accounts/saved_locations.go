package accounts

import (
	"context"

	"github.com/google/uuid"

	"mishwar/domain/account"
)

// LocationsReader lists a person's saved locations.
type LocationsReader interface {
	SavedLocations(ctx context.Context, userID uuid.UUID) ([]account.SavedLocation, error)
}

// SavedLocationsHandler lists the acting user's saved locations.
type SavedLocationsHandler struct {
	locations LocationsReader
}

// Handle lists the acting user's locations, oldest first.
func (h SavedLocationsHandler) Handle(ctx context.Context, a Actor) ([]account.SavedLocation, error) {
	return h.locations.SavedLocations(ctx, a.UserID)
}
