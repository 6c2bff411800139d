package catalogue

import (
	"context"
	"fmt"

	"github.com/google/uuid"

	"mishwar/commands"
	cat "mishwar/domain/catalogue"
	"mishwar/eventstore"
	catrm "mishwar/projections/catalogue"
)

// UsageReader finds what still points at a destination: the programs that stop there.
type UsageReader interface {
	ProgramsVisiting(ctx context.Context, id uuid.UUID) ([]catrm.Program, error)
}

// ArchivedEntity is the answer of an archive: where its event landed and, for the kinds others point
// at, what still does (the admin is told, since those programs lose a stop for visitors).
type ArchivedEntity struct {
	Position eventstore.Position
	// ReportsUsage is true for kinds that track what points at them; UsedBy then lists it.
	ReportsUsage bool
	UsedBy       []Program
}

// ArchiveEntityHandler hides an entity from every public page; it stays readable for the orders and
// carts that refer to it.
type ArchiveEntityHandler[F cat.Fields[F]] struct {
	entities *Entities[F]
	usage    UsageReader
	guard    Guard[F]
}

// Guard refuses a change others depend on (next nil: the entity is archived); nil guards nothing.
type Guard[F cat.Fields[F]] func(ctx context.Context, id uuid.UUID, next *F) error

// Handle archives entity id.
func (h ArchiveEntityHandler[F]) Handle(ctx context.Context, id uuid.UUID, meta commands.Meta) (ArchivedEntity, error) {
	if h.guard != nil {
		if err := h.guard(ctx, id, nil); err != nil {
			return ArchivedEntity{}, err
		}
	}
	res, err := h.entities.Archive(ctx, id, meta)
	if err != nil {
		return ArchivedEntity{}, err
	}
	out := ArchivedEntity{Position: res.Position}
	if h.usage != nil {
		progs, err := h.usage.ProgramsVisiting(ctx, id)
		if err != nil {
			return ArchivedEntity{}, fmt.Errorf("catalogue: programs visiting %s: %w", id, err)
		}
		out.ReportsUsage, out.UsedBy = true, progs
	}
	return out, nil
}
