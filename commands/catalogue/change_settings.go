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

// ChangeSettings runs one business-settings command. A form's save carries the version it loaded
// its group at in the command (cat.SetOpeningHours.IfVersion, cat.SetDefaultPickupPoint.IfVersion):
// only a change of that group since then refuses it (cat.ErrSettingsChanged, a 409).
type ChangeSettings struct {
	Change cat.SettingsCommand
}

// ChangeSettingsHandler runs one business-settings command: opening hours, a holiday added or
// removed, the default pickup point (which must be an active pickup point).
type ChangeSettingsHandler struct {
	handlers *Handlers
	refs     references
}

// Handle runs cmd and returns where its event landed.
func (h ChangeSettingsHandler) Handle(ctx context.Context, cmd ChangeSettings, meta commands.Meta) (eventstore.Position, error) {
	if set, ok := cmd.Change.(cat.SetDefaultPickupPoint); ok && set.PickupPointID != uuid.Nil {
		if err := h.refs.usablePickupPoint(ctx, set.PickupPointID); errors.Is(err, errDeadReference) {
			var ve domain.ValidationError
			ve.Add("pickup_point_id", "catalogue.unknown_pickup_point")
			return eventstore.Position{}, &ve
		} else if err != nil {
			return eventstore.Position{}, err
		}
	}
	res, err := h.handlers.Settings(ctx, cmd.Change, meta)
	if err != nil {
		return eventstore.Position{}, err
	}
	return res.Position, nil
}
