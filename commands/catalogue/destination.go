package catalogue

import (
	"context"

	cat "mishwar/domain/catalogue"
	catrm "mishwar/projections/catalogue"
)

// DestinationReader is the part of the read model a destination's page needs.
type DestinationReader interface {
	DestinationByRef(ctx context.Context, ref string) (catrm.Destination, error)
	PublishedPrograms(ctx context.Context, q catrm.ProgramQuery) ([]catrm.Program, error)
}

// DestinationDetail is a destination's page: the destination and the programs that stop there.
type DestinationDetail struct {
	DestinationView
	Programs []Program
}

// DestinationHandler answers one destination visitors may see, by id or slug.
type DestinationHandler struct {
	rm   DestinationReader
	list DestinationsHandler
}

// Handle answers the destination ref names; a hidden one is not found.
func (h DestinationHandler) Handle(ctx context.Context, ref string) (DestinationDetail, error) {
	d, err := h.rm.DestinationByRef(ctx, ref)
	if d, err = visibleOr(d, err, cat.ErrDestinationNotFound); err != nil {
		return DestinationDetail{}, err
	}
	views, err := h.list.views(ctx, []Destination{d})
	if err != nil {
		return DestinationDetail{}, err
	}
	progs, err := h.rm.PublishedPrograms(ctx, catrm.ProgramQuery{Visiting: d.ID})
	if err != nil {
		return DestinationDetail{}, err
	}
	return DestinationDetail{DestinationView: views[0], Programs: progs}, nil
}
