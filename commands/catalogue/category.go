package catalogue

import (
	"context"

	cat "mishwar/domain/catalogue"
)

// CategoryHandler answers one category visitors may see, by id or slug.
type CategoryHandler struct {
	rm CategoriesReader
}

// Handle answers the category ref names; an archived one is not found.
func (h CategoryHandler) Handle(ctx context.Context, ref string) (CategoryView, error) {
	c, err := h.rm.CategoryByRef(ctx, ref)
	if c, err = visibleOr(c, err, cat.ErrCategoryNotFound); err != nil {
		return CategoryView{}, err
	}
	counts, err := h.rm.CategoryCounts(ctx)
	if err != nil {
		return CategoryView{}, err
	}
	return CategoryView{Category: c, DestinationCount: counts[c.ID]}, nil
}
