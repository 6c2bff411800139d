package catalogue

import (
	"context"

	"github.com/google/uuid"

	"mishwar/commands"
	cat "mishwar/domain/catalogue"
	"mishwar/eventstore"
)

// CreateEntity makes a new entity of one kind from the admin's form.
type CreateEntity[F cat.Fields[F]] struct {
	Fields F
}

// Created is the new entity's id and where its event landed (to wait for the read model).
type Created struct {
	ID       uuid.UUID
	Position eventstore.Position
}

// CreateEntityHandler validates the fields and the references, then creates the entity.
type CreateEntityHandler[F cat.Fields[F]] struct {
	entities *Entities[F]
	validate validator[F]
}

// Handle creates the entity. Its id follows from the command id: a create retried under the same
// Idempotency-Key (the same command id) finds the entity it made the first time instead of making a
// second one; without a key the command id, and so the entity id, is new.
func (h CreateEntityHandler[F]) Handle(ctx context.Context, cmd CreateEntity[F], meta commands.Meta) (Created, error) {
	id := uuid.NewSHA1(meta.CommandID, []byte("entity"))
	if err := h.validate.validate(ctx, cmd.Fields); err != nil {
		return Created{}, err
	}
	res, err := h.entities.Create(ctx, cat.Create[F]{ID: id, Fields: cmd.Fields}, meta)
	if err != nil {
		return Created{}, err
	}
	return Created{ID: id, Position: res.Position}, nil
}
