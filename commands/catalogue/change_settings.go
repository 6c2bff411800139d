package catalogue

import (
	"context"
	"errors"

	"github.com/google/uuid"

	"mishwar/commands"
	"mishwar/domain"
	cat "mishwar/domain/catalogue"
	"mishwar/eventstore"
)

// ChangeSettingsHandler runs one business-settings command: opening hours, a holiday added or
// removed, the default pickup point (which must be an active pickup point).
type ChangeSettingsHandler struct {
	handlers *Handlers
	refs     references
}

// Handle runs cmd and returns where its event landed.
func (h ChangeSettingsHandler) Handle(ctx context.Context, cmd cat.SettingsCommand, meta commands.Meta) (eventstore.Position, error) {
	if set, ok := cmd.(cat.SetDefaultPickupPoint); ok && set.PickupPointID != uuid.Nil {
		if err := h.refs.usablePickupPoint(ctx, set.PickupPointID); errors.Is(err, errDeadReference) {
			var ve domain.ValidationError
			ve.Add("pickup_point_id", "catalogue.unknown_pickup_point")
			return eventstore.Position{}, &ve
		} else if err != nil {
			return eventstore.Position{}, err
		}
	}
	res, err := h.handlers.Settings(ctx, cmd, meta)
	if err != nil {
		return eventstore.Position{}, err
	}
	return res.Position, nil
}
