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

// UpdateHomeContentHandler replaces the home page's content, refusing a full-day ride that points at
// a missing or archived program.
type UpdateHomeContentHandler struct {
	handlers *Handlers
	refs     references
}

// Handle replaces the home content and returns where its event landed.
func (h UpdateHomeContentHandler) Handle(ctx context.Context, cmd cat.UpdateHomeContent, meta commands.Meta) (eventstore.Position, error) {
	if id := cmd.Content.FullDayRide.ProgramID; id != uuid.Nil {
		if err := h.refs.liveProgram(ctx, id); errors.Is(err, errDeadReference) {
			var ve domain.ValidationError
			ve.Add("full_day_ride.program_id", "catalogue.unknown_program")
			return eventstore.Position{}, &ve
		} else if err != nil {
			return eventstore.Position{}, err
		}
	}
	res, err := h.handlers.UpdateHomeContent(ctx, cmd, meta)
	if err != nil {
		return eventstore.Position{}, err
	}
	return res.Position, nil
}
