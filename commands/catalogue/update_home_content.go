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

// UpdateHomeContent replaces the home content from an edit form.
type UpdateHomeContent struct {
	Content cat.HomeContent
	// ExpectedVersion is the version the form was loaded at (If-Match); nil: replace whatever is
	// there. Another admin's save since then refuses this one (commands.ErrConcurrentChange, a 409).
	ExpectedVersion *int64
}

// UpdateHomeContentHandler replaces the home page's content, refusing a full-day ride that points at
// a missing or archived program.
type UpdateHomeContentHandler struct {
	handlers *Handlers
	refs     references
}

// Handle replaces the home content and returns where its event landed.
func (h UpdateHomeContentHandler) Handle(ctx context.Context, cmd UpdateHomeContent, meta commands.Meta) (eventstore.Position, error) {
	if id := cmd.Content.FullDayRide.ProgramID; id != uuid.Nil {
		if err := h.refs.liveProgram(ctx, id); errors.Is(err, errDeadReference) {
			var ve domain.ValidationError
			ve.Add("full_day_ride.program_id", "catalogue.unknown_program")
			return eventstore.Position{}, &ve
		} else if err != nil {
			return eventstore.Position{}, err
		}
	}
	res, err := h.handlers.UpdateHomeContentAt(ctx, cat.UpdateHomeContent{Content: cmd.Content}, cmd.ExpectedVersion, meta)
	if err != nil {
		return eventstore.Position{}, err
	}
	return res.Position, nil
}
