package catalogue

import (
	"context"

	"github.com/google/uuid"

	cat "mishwar/domain/catalogue"
	catrm "mishwar/projections/catalogue"
)

// DestinationsReader is the part of the read model the public destination list needs.
type DestinationsReader interface {
	CategoryByRef(ctx context.Context, ref string) (catrm.Category, error)
	Categories(ctx context.Context) ([]catrm.Category, error)
	PublishedDestinations(ctx context.Context, q catrm.DestinationQuery) (catrm.Page[catrm.Destination], error)
}

// DestinationsQuery filters and pages the public destination list.
type DestinationsQuery struct {
	// Category is a category's id or slug ("": every category).
	Category string
	Q        string
	Cursor   string
	Limit    int
}

// DestinationView is a destination with its category (nil when the category is gone).
type DestinationView struct {
	Destination
	Category *Category
}

// DestinationPage is one page of the public list; NextCursor is nil on the last.
type DestinationPage struct {
	Destinations []DestinationView
	NextCursor   *string
}

// DestinationsHandler lists the destinations visitors may see.
type DestinationsHandler struct {
	rm DestinationsReader
}

// Handle answers one page.
func (h DestinationsHandler) Handle(ctx context.Context, q DestinationsQuery) (DestinationPage, error) {
	rq := catrm.DestinationQuery{Q: q.Q, Cursor: q.Cursor, Limit: q.Limit}
	if q.Category != "" {
		c, err := h.rm.CategoryByRef(ctx, q.Category)
		if c, err = visibleOr(c, err, cat.ErrCategoryNotFound); err != nil {
			return DestinationPage{}, err
		}
		rq.CategoryID = c.ID
	}
	page, err := h.rm.PublishedDestinations(ctx, rq)
	if err != nil {
		return DestinationPage{}, err
	}
	views, err := h.views(ctx, page.Data)
	if err != nil {
		return DestinationPage{}, err
	}
	return DestinationPage{Destinations: views, NextCursor: page.NextCursor}, nil
}

// views puts each destination beside its category, with one read of the categories.
func (h DestinationsHandler) views(ctx context.Context, ds []Destination) ([]DestinationView, error) {
	cats, err := h.rm.Categories(ctx)
	if err != nil {
		return nil, err
	}
	byID := make(map[uuid.UUID]Category, len(cats))
	for _, c := range cats {
		byID[c.ID] = c
	}
	out := make([]DestinationView, 0, len(ds))
	for _, d := range ds {
		v := DestinationView{Destination: d}
		if c, ok := byID[d.CategoryID]; ok {
			v.Category = &c
		}
		out = append(out, v)
	}
	return out, nil
}
