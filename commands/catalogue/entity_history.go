package catalogue

import (
	"context"

	"github.com/google/uuid"

	"mishwar/domain"
	cat "mishwar/domain/catalogue"
)

// EntityHistoryHandler answers who changed an entity, when, and which fields, read from its events.
type EntityHistoryHandler[F cat.Fields[F]] struct {
	entities  *Entities[F]
	rm        AdminReader
	kind      string
	historian historian
}

// Handle answers entity id's history, newest first.
func (h EntityHistoryHandler[F]) Handle(ctx context.Context, id uuid.UUID) ([]HistoryEntry, error) {
	_, hist, err := h.entities.Load(ctx, id)
	if err != nil {
		return nil, err
	}
	if len(hist.Events) == 0 {
		// The read model's refusal names the kind: "Destination not found".
		_, err := h.rm.AdminGet(ctx, h.kind, id)
		if err == nil {
			err = domain.NotFound("common.not_found")
		}
		return nil, err
	}
	var state F
	return entries(ctx, h.historian, hist, func(e cat.Event[F], entry *HistoryEntry) {
		switch e := e.(type) {
		case cat.Created[F]:
			entry.Action = "created"
			var zero F
			entry.Changes = changesBetween(zero, e.Fields, nonEmptyFields(e.Fields), true)
			state = e.Fields
		case cat.Updated[F]:
			entry.Action = "updated"
			entry.Changes = changesBetween(state, e.Fields, e.Changed, false)
			state = e.Fields
		case cat.Archived[F]:
			entry.Action = "archived"
		case cat.Restored[F]:
			entry.Action = "restored"
		}
	}), nil
}
