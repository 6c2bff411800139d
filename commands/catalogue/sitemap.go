package catalogue

import (
	"context"

	catrm "mishwar/projections/catalogue"
)

// SitemapReader is the part of the read model the sitemap needs.
type SitemapReader interface {
	PublishedDestinations(ctx context.Context, q catrm.DestinationQuery) (catrm.Page[catrm.Destination], error)
	PublishedPrograms(ctx context.Context, q catrm.ProgramQuery) ([]catrm.Program, error)
	Categories(ctx context.Context) ([]catrm.Category, error)
}

// Sitemap is every catalogue page search engines should know: each published destination and
// program and each category.
type Sitemap struct {
	Destinations []Destination
	Programs     []Program
	Categories   []Category
}

// SitemapHandler lists the catalogue's pages.
type SitemapHandler struct {
	rm SitemapReader
}

// Handle lists them all, page by page through the destinations.
func (h SitemapHandler) Handle(ctx context.Context) (Sitemap, error) {
	var out Sitemap
	cursor := ""
	for {
		page, err := h.rm.PublishedDestinations(ctx, catrm.DestinationQuery{Cursor: cursor, Limit: catrm.MaxPageSize})
		if err != nil {
			return Sitemap{}, err
		}
		out.Destinations = append(out.Destinations, page.Data...)
		if page.NextCursor == nil {
			break
		}
		cursor = *page.NextCursor
	}
	var err error
	if out.Programs, err = h.rm.PublishedPrograms(ctx, catrm.ProgramQuery{}); err != nil {
		return Sitemap{}, err
	}
	if out.Categories, err = h.rm.Categories(ctx); err != nil {
		return Sitemap{}, err
	}
	return out, nil
}
