package catalogue

import (
	"context"

	cat "mishwar/domain/catalogue"
)

// ProgramHandler answers one program visitors may see, by id or slug.
type ProgramHandler struct {
	rm       ProgramsReader
	programs ProgramsHandler
}

// Handle answers the program ref names with its stops; a hidden one is not found.
func (h ProgramHandler) Handle(ctx context.Context, ref string) (ProgramView, error) {
	p, err := h.rm.ProgramByRef(ctx, ref)
	if p, err = visibleOr(p, err, cat.ErrProgramNotFound); err != nil {
		return ProgramView{}, err
	}
	views, err := h.programs.views(ctx, []Program{p})
	if err != nil {
		return ProgramView{}, err
	}
	return views[0], nil
}
