package catalogue

import (
	"context"

	"github.com/google/uuid"

	"mishwar/commands"
	"mishwar/domain"
	cat "mishwar/domain/catalogue"
	"mishwar/eventstore"
)

// UpdateEntity replaces every field of an entity.
type UpdateEntity[F cat.Fields[F]] struct {
	ID     uuid.UUID
	Fields F
	// ExpectedVersion is the version the form was loaded at (If-Match); nil: edit whatever is there.
	ExpectedVersion *int64
}

// ErrStaleVersion refuses an edit made over someone else's newer edit.
var ErrStaleVersion = domain.Conflict("common.concurrent_change")

// UpdateEntityHandler checks the expected version, the fields and the references, then edits.
type UpdateEntityHandler[F cat.Fields[F]] struct {
	entities *Entities[F]
	validate validator[F]
	guard    Guard[F]
}

// Handle edits the entity and returns where its event landed.
func (h UpdateEntityHandler[F]) Handle(ctx context.Context, cmd UpdateEntity[F], meta commands.Meta) (eventstore.Position, error) {
	if cmd.ExpectedVersion != nil {
		// Refused before validating: a form loaded before someone else's edit is stale whatever it
		// holds. The append itself is made at this version too (UpdateAt), so an edit that lands
		// between this check and the append refuses this one rather than being overwritten.
		_, hist, err := h.entities.Load(ctx, cmd.ID)
		if err != nil {
			return eventstore.Position{}, err
		}
		if hist.Version != *cmd.ExpectedVersion {
			return eventstore.Position{}, ErrStaleVersion
		}
	}
	if err := h.validate.validate(ctx, cmd.Fields); err != nil {
		return eventstore.Position{}, err
	}
	if h.guard != nil {
		next := cmd.Fields.Normalized()
		if err := h.guard(ctx, cmd.ID, &next); err != nil {
			return eventstore.Position{}, err
		}
	}
	res, err := h.entities.UpdateAt(ctx, cat.Update[F]{ID: cmd.ID, Fields: cmd.Fields}, cmd.ExpectedVersion, meta)
	if err != nil {
		return eventstore.Position{}, err
	}
	return res.Position, nil
}
