package catalogue

import (
	"context"

	"github.com/google/uuid"

	catrm "mishwar/projections/catalogue"
)

// ProgramsReader is the part of the read model the program lists need.
type ProgramsReader interface {
	PublishedPrograms(ctx context.Context, q catrm.ProgramQuery) ([]catrm.Program, error)
	Destinations(ctx context.Context, ids []uuid.UUID) ([]catrm.Destination, error)
	ProgramByRef(ctx context.Context, ref string) (catrm.Program, error)
	Program(ctx context.Context, id uuid.UUID) (catrm.Program, error)
}

// ProgramsQuery filters the public program list.
type ProgramsQuery struct {
	Q string
	// TopOnly keeps the programs featured on the home page.
	TopOnly bool
}

// ProgramView is a program with its stops in order: only the destinations visitors may see.
type ProgramView struct {
	Program
	Stops []Destination
}

// ProgramsHandler lists the programs visitors may see.
type ProgramsHandler struct {
	rm ProgramsReader
}

// Handle lists the published programs q selects.
func (h ProgramsHandler) Handle(ctx context.Context, q ProgramsQuery) ([]ProgramView, error) {
	progs, err := h.rm.PublishedPrograms(ctx, catrm.ProgramQuery{Q: q.Q, TopOnly: q.TopOnly})
	if err != nil {
		return nil, err
	}
	return h.views(ctx, progs)
}

// views resolves each program's visible stops, in order, with one read.
func (h ProgramsHandler) views(ctx context.Context, progs []Program) ([]ProgramView, error) {
	var ids []uuid.UUID
	for _, p := range progs {
		ids = append(ids, p.DestinationIDs...)
	}
	dests, err := h.rm.Destinations(ctx, ids)
	if err != nil {
		return nil, err
	}
	byID := make(map[uuid.UUID]Destination, len(dests))
	for _, d := range dests {
		byID[d.ID] = d
	}
	out := make([]ProgramView, 0, len(progs))
	for _, p := range progs {
		v := ProgramView{Program: p, Stops: []Destination{}}
		for _, id := range p.DestinationIDs {
			if d, ok := byID[id]; ok && d.Visible() {
				v.Stops = append(v.Stops, d)
			}
		}
		out = append(out, v)
	}
	return out, nil
}
