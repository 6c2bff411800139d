package app

import (
	"context"
	"errors"
	"fmt"
	"path/filepath"

	"github.com/jackc/pgx/v5/pgconn"

	"mishwar/adapters/uploads"
	"mishwar/cmd/mishwar/demo"
	catcmd "mishwar/commands/catalogue"
	"mishwar/httpapi"
	catrm "mishwar/projections/catalogue"
)

// wireCatalogue builds the catalogue's command handlers, reader and photo store, and hands them to
// the HTTP layer.
func (a *App) wireCatalogue(d *httpapi.Deps) error {
	a.Catalogue = catcmd.New(a.Commands)
	a.CatalogueReader = catrm.NewReader(a.Pool)
	up, err := uploads.New(filepath.Join(a.Config.DataDir, "uploads"))
	if err != nil {
		return fmt.Errorf("app: catalogue: %w", err)
	}
	d.Catalogue, d.CatalogueReader, d.Uploads, d.Artwork = a.Catalogue, a.CatalogueReader, up, demo.ArtHandler()
	seo := a.CatalogueSEO()
	a.headRenderer = seo
	a.sitemapSources = append(a.sitemapSources, seo)
	return nil
}

// seedDemoCatalogue seeds the demo catalogue into an empty store. It runs before the projections
// have created their tables on a first start: no catalogue table yet means nothing was projected.
func (a *App) seedDemoCatalogue(ctx context.Context) error {
	isEmpty := func(ctx context.Context) (bool, error) {
		empty, err := a.CatalogueReader.Empty(ctx)
		var pgErr *pgconn.PgError
		if errors.As(err, &pgErr) && (pgErr.Code == "42P01" || pgErr.Code == "3F000") {
			return true, nil
		}
		return empty, err
	}
	return demo.Seed(ctx, a.Store, a.Catalogue, isEmpty)
}

// CatalogueSEO is the catalogue's head renderer and sitemap source for the web app (web.Config's Head
// and Sitemap).
func (a *App) CatalogueSEO() httpapi.CatalogueSEO {
	return httpapi.CatalogueSEO{Reader: a.CatalogueReader, PublicURL: func() string { return a.Config.PublicURL }}
}
