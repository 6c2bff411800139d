package httpapi

import (
	"context"
	"fmt"
	"net/http"
	"strings"

	"mishwar/domain"
	cat "mishwar/domain/catalogue"
	"mishwar/httpapi/web"
	catrm "mishwar/projections/catalogue"
)

// CatalogueSEO gives search engines and link previews the catalogue's pages: the title, description,
// canonical and hreflang links, Open Graph tags and schema.org JSON-LD of each destination, program
// and category page (web.HeadRenderer), and every published one for sitemap.xml (web.SitemapSource).
type CatalogueSEO struct {
	Reader *catrm.Reader
	// PublicURL is the site's address as visitors see it.
	PublicURL func() string
}

var (
	_ web.HeadRenderer  = CatalogueSEO{}
	_ web.SitemapSource = CatalogueSEO{}
)

func siteName(lang string) string {
	if lang == "ar" {
		return "مشوار"
	}
	return "Mishwar"
}

func pageTitle(name, lang string) string { return name + " — " + siteName(lang) }

// RenderHead answers for /destination?id=…, /program/… and /categories?category=…; every other page
// keeps the generic head.
func (c CatalogueSEO) RenderHead(ctx context.Context, r *http.Request, lang string) (string, int, bool) {
	p := r.URL.Path
	q := r.URL.Query()
	var (
		m   web.Meta
		err error
	)
	switch {
	case p == "/destination" && q.Get("id") != "":
		m, err = c.destinationMeta(ctx, q.Get("id"), lang)
	case strings.HasPrefix(p, "/program/") && len(p) > len("/program/"):
		m, err = c.programMeta(ctx, strings.TrimPrefix(p, "/program/"), lang)
	case p == "/categories" && q.Get("category") != "":
		m, err = c.categoryMeta(ctx, q.Get("category"), lang)
	default:
		return "", 0, false
	}
	if domain.KindOf(err) == domain.KindNotFound {
		nf := web.Meta{Title: pageTitle(map[bool]string{true: "الصفحة غير موجودة", false: "Page not found"}[lang == "ar"], lang), NoIndex: true}
		return web.RenderMeta(c.PublicURL(), lang, nf), http.StatusNotFound, true
	}
	if err != nil {
		// The page itself still works; it only loses its specific head.
		return "", 0, false
	}
	return web.RenderMeta(c.PublicURL(), lang, m), http.StatusOK, true
}

func (c CatalogueSEO) absolute(path string) string {
	if strings.HasPrefix(path, "/") {
		return strings.TrimRight(c.PublicURL(), "/") + path
	}
	return path
}

var schemaDays = []string{"Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"}

func (c CatalogueSEO) destinationMeta(ctx context.Context, ref, lang string) (web.Meta, error) {
	d, err := c.Reader.DestinationByRef(ctx, ref)
	if err != nil {
		return web.Meta{}, err
	}
	if !d.Visible() {
		return web.Meta{}, cat.ErrDestinationNotFound
	}
	var hours []map[string]any
	for _, h := range d.OpeningHours {
		hours = append(hours, map[string]any{"@type": "OpeningHoursSpecification", "dayOfWeek": "https://schema.org/" + schemaDays[h.Day], "opens": h.Open, "closes": h.Close})
	}
	ld := map[string]any{
		"@context":    "https://schema.org",
		"@type":       "TouristAttraction",
		"name":        d.Name.In(lang),
		"description": d.ShortDescription.In(lang),
		"url":         c.absolute(localized(DestinationPath(d.Slug), lang)),
		"geo":         map[string]any{"@type": "GeoCoordinates", "latitude": d.Lat, "longitude": d.Lng},
		"address":     map[string]any{"@type": "PostalAddress", "streetAddress": d.Address.In(lang), "addressLocality": "Cairo", "addressCountry": "EG"},
		"inLanguage":  lang,
	}
	if len(hours) > 0 {
		ld["openingHoursSpecification"] = hours
	}
	image := ""
	if len(d.Photos) > 0 {
		image = d.Photos[0]
		ld["image"] = c.absolute(image)
	}
	return web.Meta{Title: pageTitle(d.Name.In(lang), lang), Description: d.ShortDescription.In(lang), Path: DestinationPath(d.Slug),
		Image: image, Type: "place", JSONLD: []any{ld}}, nil
}

func (c CatalogueSEO) programMeta(ctx context.Context, ref, lang string) (web.Meta, error) {
	p, err := c.Reader.ProgramByRef(ctx, ref)
	if err != nil {
		return web.Meta{}, err
	}
	if !p.Visible() {
		return web.Meta{}, cat.ErrProgramNotFound
	}
	stops, err := c.Reader.Destinations(ctx, p.DestinationIDs)
	if err != nil {
		return web.Meta{}, err
	}
	var items []map[string]any
	for _, d := range stops {
		if !d.Visible() {
			continue
		}
		items = append(items, map[string]any{"@type": "ListItem", "position": len(items) + 1,
			"item": map[string]any{"@type": "TouristAttraction", "name": d.Name.In(lang), "url": c.absolute(localized(DestinationPath(d.Slug), lang))}})
	}
	ld := map[string]any{
		"@context":    "https://schema.org",
		"@type":       "TouristTrip",
		"name":        p.Name.In(lang),
		"description": p.ShortDescription.In(lang),
		"url":         c.absolute(localized(ProgramPath(p.Slug), lang)),
		"inLanguage":  lang,
		"itinerary":   map[string]any{"@type": "ItemList", "numberOfItems": len(items), "itemListElement": items},
		"offers": map[string]any{"@type": "Offer", "price": fmt.Sprintf("%.2f", p.Price.Major()), "priceCurrency": string(p.Price.Currency),
			"url": c.absolute(localized(ProgramPath(p.Slug), lang)), "availability": "https://schema.org/InStock"},
		"provider": map[string]any{"@type": "TravelAgency", "name": siteName(lang), "url": c.absolute("/")},
	}
	image := ""
	if len(p.Photos) > 0 {
		image = p.Photos[0]
		ld["image"] = c.absolute(image)
	}
	desc := p.ShortDescription.In(lang)
	return web.Meta{Title: pageTitle(p.Name.In(lang), lang), Description: desc, Path: ProgramPath(p.Slug), Image: image, Type: "website", JSONLD: []any{ld}}, nil
}

func (c CatalogueSEO) categoryMeta(ctx context.Context, ref, lang string) (web.Meta, error) {
	cg, err := c.Reader.CategoryByRef(ctx, ref)
	if err != nil {
		return web.Meta{}, err
	}
	if cg.Archived {
		return web.Meta{}, cat.ErrCategoryNotFound
	}
	page, err := c.Reader.PublishedDestinations(ctx, catrm.DestinationQuery{CategoryID: cg.ID, Limit: catrm.MaxPageSize})
	if err != nil {
		return web.Meta{}, err
	}
	var items []map[string]any
	for i, d := range page.Data {
		items = append(items, map[string]any{"@type": "ListItem", "position": i + 1, "name": d.Name.In(lang), "url": c.absolute(localized(DestinationPath(d.Slug), lang))})
	}
	ld := map[string]any{
		"@context": "https://schema.org", "@type": "CollectionPage",
		"name": cg.Name.In(lang), "description": cg.Description.In(lang), "url": c.absolute(localized(CategoryPath(cg.Slug), lang)), "inLanguage": lang,
		"mainEntity": map[string]any{"@type": "ItemList", "numberOfItems": len(items), "itemListElement": items},
	}
	return web.Meta{Title: pageTitle(cg.Name.In(lang), lang), Description: cg.Description.In(lang), Path: CategoryPath(cg.Slug), Image: cg.Photo, JSONLD: []any{ld}}, nil
}

// localized adds ?lang=ar (or &lang=ar) for Arabic, as the hreflang links do.
func localized(path, lang string) string {
	if lang != "ar" {
		return path
	}
	if strings.Contains(path, "?") {
		return path + "&lang=ar"
	}
	return path + "?lang=ar"
}

// SitemapURLs lists every published destination and program and every category.
func (c CatalogueSEO) SitemapURLs(ctx context.Context) ([]web.SitemapURL, error) {
	var out []web.SitemapURL
	cursor := ""
	for {
		page, err := c.Reader.PublishedDestinations(ctx, catrm.DestinationQuery{Cursor: cursor, Limit: catrm.MaxPageSize})
		if err != nil {
			return nil, err
		}
		for _, d := range page.Data {
			out = append(out, web.SitemapURL{Path: DestinationPath(d.Slug), LastModified: d.UpdatedAt})
		}
		if page.NextCursor == nil {
			break
		}
		cursor = *page.NextCursor
	}
	progs, err := c.Reader.PublishedPrograms(ctx, catrm.ProgramQuery{})
	if err != nil {
		return nil, err
	}
	for _, p := range progs {
		out = append(out, web.SitemapURL{Path: ProgramPath(p.Slug), LastModified: p.UpdatedAt})
	}
	cats, err := c.Reader.Categories(ctx)
	if err != nil {
		return nil, err
	}
	for _, cg := range cats {
		out = append(out, web.SitemapURL{Path: CategoryPath(cg.Slug), LastModified: cg.UpdatedAt})
	}
	return out, nil
}
