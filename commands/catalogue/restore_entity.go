package catalogue

import (
	"context"

	"github.com/google/uuid"

	"mishwar/commands"
	cat "mishwar/domain/catalogue"
	"mishwar/eventstore"
)

// RestoreEntityHandler brings an archived entity back.
type RestoreEntityHandler[F cat.Fields[F]] struct {
	entities *Entities[F]
}

// Handle restores entity id and returns where its event landed.
func (h RestoreEntityHandler[F]) Handle(ctx context.Context, id uuid.UUID, meta commands.Meta) (eventstore.Position, error) {
	res, err := h.entities.Restore(ctx, id, meta)
	if err != nil {
		return eventstore.Position{}, err
	}
	return res.Position, nil
}
