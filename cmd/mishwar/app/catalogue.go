package app

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"path/filepath"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5/pgconn"

	"mishwar/adapters/accountsdb"
	"mishwar/adapters/uploads"
	"mishwar/cmd/mishwar/demo"
	catcmd "mishwar/commands/catalogue"
	"mishwar/httpapi"
	httpcat "mishwar/httpapi/catalogue"
	"mishwar/httpapi/web"
	catrm "mishwar/projections/catalogue"
	dispatchrm "mishwar/projections/dispatch"
)

// wireCatalogue builds the catalogue's write side, read model and application (with the photo store
// and the accounts that name who changed what), mounts its HTTP feature, and gives the web app the
// catalogue pages' head tags and sitemap entries.
func (a *App) wireCatalogue(d *httpapi.Deps) error {
	a.Catalogue = catcmd.New(a.Commands)
	a.CatalogueReader = catrm.NewReader(a.Pool)
	photos, err := uploads.New(filepath.Join(a.Config.DataDir, "uploads"))
	if err != nil {
		return fmt.Errorf("app: catalogue: %w", err)
	}
	application := a.catalogueApp(photos)
	d.Features = append(d.Features, httpcat.New(httpcat.Config{
		App: application, ReadModels: a.Projections, Idempotency: a.idempotency,
		Uploads: photos.Handler(), Artwork: demo.ArtHandler(),
		Version: func() string { return a.Projections.Version(catrm.Name).String() },
	}))
	seo := a.CatalogueSEO()
	a.headRenderer = seo
	a.screenSlots = httpcat.CachedScreenSlots(func() string { return a.Projections.Version(catrm.Name).String() }, seo.ScreenSlots)
	a.sitemapSources = append(a.sitemapSources, seo)
	return nil
}

// catalogueApp is the catalogue's application over this app's write side and read model; photos may
// be nil (no uploads).
func (a *App) catalogueApp(photos catcmd.PhotoStore) catcmd.Application {
	return catcmd.NewApplication(catcmd.Config{
		Handlers: a.Catalogue, ReadModel: a.CatalogueReader, Photos: photos,
		People:      cataloguePeople{accountsdb.NewStore(a.Pool)},
		DriverTrips: dispatchrm.NewReader(a.Pool),
	})
}

// cataloguePeople names the accounts in the catalogue's histories (commands/catalogue.People).
type cataloguePeople struct{ store *accountsdb.Store }

func (p cataloguePeople) Person(ctx context.Context, id uuid.UUID) (catcmd.Person, error) {
	u, err := p.store.UserByID(ctx, p.store.Pool(), id)
	if err != nil {
		return catcmd.Person{}, err
	}
	return catcmd.Person{FirstName: u.FirstName, LastName: u.LastName, Email: u.Email}, nil
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
// and Sitemap): httpapi/catalogue builds each page's head, the web app renders it.
type CatalogueSEO struct {
	App catcmd.Application
	// PublicURL is the site's address as visitors see it.
	PublicURL func() string
	// Ratings are the reviews' ratings in the destination and program pages' structured data.
	Ratings httpcat.Ratings
}

var (
	_ web.HeadRenderer  = CatalogueSEO{}
	_ web.SitemapSource = CatalogueSEO{}
)

// CatalogueSEO returns the catalogue's head renderer and sitemap source at the configured address.
func (a *App) CatalogueSEO() CatalogueSEO {
	return CatalogueSEO{App: a.catalogueApp(nil), PublicURL: func() string { return a.Config.PublicURL }, Ratings: a.seoRatings()}
}

func (c CatalogueSEO) seo() httpcat.SEO {
	return httpcat.SEO{App: c.App, PublicURL: c.PublicURL, Ratings: c.Ratings}
}

// RenderHead implements web.HeadRenderer.
func (c CatalogueSEO) RenderHead(ctx context.Context, r *http.Request, lang string) (string, int, bool) {
	page, status, ok := c.seo().Head(ctx, r, lang)
	if !ok {
		return "", 0, false
	}
	return web.RenderMeta(c.PublicURL(), lang, web.Meta(page)), status, true
}

// ScreenSlots implements web.ScreenSlots.
func (c CatalogueSEO) ScreenSlots(ctx context.Context, r *http.Request, page, lang string) (string, map[string]string, error) {
	return c.seo().ScreenSlots(ctx, r, page, lang)
}

// SitemapURLs implements web.SitemapSource.
func (c CatalogueSEO) SitemapURLs(ctx context.Context) ([]web.SitemapURL, error) {
	pages, err := c.seo().SitemapPages(ctx)
	if err != nil {
		return nil, err
	}
	out := make([]web.SitemapURL, 0, len(pages))
	for _, p := range pages {
		out = append(out, web.SitemapURL(p))
	}
	return out, nil
}
