package catalogue

import (
	"context"

	"github.com/google/uuid"

	catrm "mishwar/projections/catalogue"
)

// CategoriesReader is the part of the read model the category list needs.
type CategoriesReader interface {
	Categories(ctx context.Context) ([]catrm.Category, error)
	CategoryCounts(ctx context.Context) (map[uuid.UUID]int, error)
	CategoryByRef(ctx context.Context, ref string) (catrm.Category, error)
}

// CategoryView is a category with the number of destinations visitors may see in it.
type CategoryView struct {
	Category
	DestinationCount int
}

// CategoriesHandler lists the categories.
type CategoriesHandler struct {
	rm CategoriesReader
}

// Handle lists every live category with its count.
func (h CategoriesHandler) Handle(ctx context.Context) ([]CategoryView, error) {
	cats, err := h.rm.Categories(ctx)
	if err != nil {
		return nil, err
	}
	counts, err := h.rm.CategoryCounts(ctx)
	if err != nil {
		return nil, err
	}
	out := make([]CategoryView, 0, len(cats))
	for _, c := range cats {
		out = append(out, CategoryView{Category: c, DestinationCount: counts[c.ID]})
	}
	return out, nil
}
