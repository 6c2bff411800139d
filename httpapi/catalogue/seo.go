package catalogue

import (
	"context"
	"fmt"
	"log/slog"
	"net/http"
	"strings"
	"time"

	appcat "mishwar/commands/catalogue"
	"mishwar/domain"
	cat "mishwar/domain/catalogue"
)

// Page describes one catalogue page for search engines and link previews: its title, description,
// path (canonical and hreflang links are built from it), preview image, Open Graph type and
// schema.org JSON-LD. It has the fields of the web app's head (httpapi/web.Meta), in its order, so
// the composition root renders it there without this package importing another feature.
type Page struct {
	Title       string
	Description string
	Path        string
	Image       string
	Type        string
	NoIndex     bool
	JSONLD      []any
	// LeadImage says Image is the page's main photo too, on screen as it opens: it is preloaded.
	LeadImage bool
}

// SitemapPage is a catalogue page for sitemap.xml (httpapi/web.SitemapURL's fields).
type SitemapPage struct {
	Path         string
	LastModified time.Time
}

// SEO gives search engines and link previews the catalogue's pages: the head of each destination,
// program and category page, and every published one for the sitemap.
type SEO struct {
	App appcat.Application
	// PublicURL is the site's address as visitors see it.
	PublicURL func() string
	// Ratings adds a destination's or program's rating and newest approved reviews to its
	// structured data (nil: none).
	Ratings Ratings
}

// Ratings reads what travellers think of a destination or a program (by id) for its head: the
// reviews feature's, given by the composition root so this package imports no other feature.
type Ratings interface {
	Destination(ctx context.Context, id string) (Rated, error)
	Program(ctx context.Context, id string) (Rated, error)
}

// Rated is an entry's rating (the average stars of its approved reviews and how many there are) with
// its newest approved reviews.
type Rated struct {
	Average float64
	Count   int
	Reviews []Review
}

// Review is one approved review.
type Review struct {
	Author     string
	Rating     int
	Text       string
	Lang       string
	ReviewedAt time.Time
}

// MaxReviewsInHead is how many of the newest approved reviews a page's structured data carries.
const MaxReviewsInHead = 5

// rate adds the entry's aggregateRating and newest reviews to its schema.org description ld, as the
// page shows them; nothing for an entry without an approved review. A failed read costs the page its
// rating, never its head.
func (s SEO) rate(ctx context.Context, ld map[string]any, read func(context.Context, string) (Rated, error), id string) {
	rated, err := read(ctx, id)
	if err != nil {
		slog.WarnContext(ctx, "seo: rating", "id", id, "err", err)
		return
	}
	if rated.Count == 0 {
		return
	}
	ld["aggregateRating"] = map[string]any{"@type": "AggregateRating", "ratingValue": rated.Average, "reviewCount": rated.Count,
		"bestRating": 5, "worstRating": 1}
	reviews := make([]map[string]any, 0, min(len(rated.Reviews), MaxReviewsInHead))
	for _, r := range rated.Reviews[:min(len(rated.Reviews), MaxReviewsInHead)] {
		rv := map[string]any{
			"@type":         "Review",
			"author":        map[string]any{"@type": "Person", "name": r.Author},
			"datePublished": r.ReviewedAt.In(cat.Cairo).Format(time.DateOnly),
			"reviewRating":  map[string]any{"@type": "Rating", "ratingValue": r.Rating, "bestRating": 5, "worstRating": 1},
			"inLanguage":    r.Lang,
		}
		if r.Text != "" {
			rv["reviewBody"] = r.Text
		}
		reviews = append(reviews, rv)
	}
	ld["review"] = reviews
}

func siteName(lang string) string {
	if lang == "ar" {
		return "مشوار"
	}
	return "Mishwar"
}

func pageTitle(name, lang string) string { return name + " — " + siteName(lang) }

// Head answers for /destination?id=…, /program/… and /categories?category=…: the page's head with
// 200, or a not-found head with 404 for an entry visitors may not see. ok is false for every other
// page, and for a failed read (the page itself still works; it only loses its specific head).
func (s SEO) Head(ctx context.Context, r *http.Request, lang string) (page Page, status int, ok bool) {
	p := r.URL.Path
	q := r.URL.Query()
	var err error
	switch {
	case p == "/destination" && q.Get("id") != "":
		page, err = s.destinationPage(ctx, q.Get("id"), lang)
	case strings.HasPrefix(p, "/program/") && len(p) > len("/program/"):
		page, err = s.programPage(ctx, strings.TrimPrefix(p, "/program/"), lang)
	case p == "/categories" && q.Get("category") != "":
		page, err = s.categoryPage(ctx, q.Get("category"), lang)
	default:
		return Page{}, 0, false
	}
	if domain.KindOf(err) == domain.KindNotFound {
		title := "Page not found"
		if lang == "ar" {
			title = "الصفحة غير موجودة"
		}
		return Page{Title: pageTitle(title, lang), NoIndex: true}, http.StatusNotFound, true
	}
	if err != nil {
		return Page{}, 0, false
	}
	return page, http.StatusOK, true
}

func (s SEO) absolute(path string) string {
	if strings.HasPrefix(path, "/") {
		return strings.TrimRight(s.PublicURL(), "/") + path
	}
	return path
}

var schemaDays = []string{"Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"}

func (s SEO) destinationPage(ctx context.Context, ref, lang string) (Page, error) {
	v, err := s.App.Queries.Destination.Handle(ctx, ref)
	if err != nil {
		return Page{}, err
	}
	d := v.Destination
	var hours []map[string]any
	for _, h := range d.OpeningHours {
		hours = append(hours, map[string]any{"@type": "OpeningHoursSpecification", "dayOfWeek": "https://schema.org/" + schemaDays[h.Day], "opens": h.Open, "closes": h.Close})
	}
	ld := map[string]any{
		"@context":    "https://schema.org",
		"@type":       "TouristAttraction",
		"name":        d.Name.In(lang),
		"description": d.ShortDescription.In(lang),
		"url":         s.absolute(localized(DestinationPath(d.Slug), lang)),
		"geo":         map[string]any{"@type": "GeoCoordinates", "latitude": d.Lat, "longitude": d.Lng},
		"address":     map[string]any{"@type": "PostalAddress", "streetAddress": d.Address.In(lang), "addressLocality": "Cairo", "addressCountry": "EG"},
		"inLanguage":  lang,
	}
	if len(hours) > 0 {
		ld["openingHoursSpecification"] = hours
	}
	if s.Ratings != nil {
		s.rate(ctx, ld, s.Ratings.Destination, d.ID.String())
	}
	image := ""
	if len(d.Photos) > 0 {
		image = d.Photos[0]
		ld["image"] = s.absolute(image)
	}
	return Page{Title: pageTitle(d.Name.In(lang), lang), Description: d.ShortDescription.In(lang), Path: DestinationPath(d.Slug),
		Image: image, Type: "place", JSONLD: []any{ld}, LeadImage: image != ""}, nil
}

func (s SEO) programPage(ctx context.Context, ref, lang string) (Page, error) {
	v, err := s.App.Queries.Program.Handle(ctx, ref)
	if err != nil {
		return Page{}, err
	}
	p := v.Program
	var items []map[string]any
	for _, d := range v.Stops {
		items = append(items, map[string]any{"@type": "ListItem", "position": len(items) + 1,
			"item": map[string]any{"@type": "TouristAttraction", "name": d.Name.In(lang), "url": s.absolute(localized(DestinationPath(d.Slug), lang))}})
	}
	ld := map[string]any{
		"@context":    "https://schema.org",
		"@type":       "TouristTrip",
		"name":        p.Name.In(lang),
		"description": p.ShortDescription.In(lang),
		"url":         s.absolute(localized(ProgramPath(p.Slug), lang)),
		"inLanguage":  lang,
		"itinerary":   map[string]any{"@type": "ItemList", "numberOfItems": len(items), "itemListElement": items},
		"offers": map[string]any{"@type": "Offer", "price": fmt.Sprintf("%.2f", p.Price.Major()), "priceCurrency": string(p.Price.Currency),
			"url": s.absolute(localized(ProgramPath(p.Slug), lang)), "availability": "https://schema.org/InStock"},
		"provider": map[string]any{"@type": "TravelAgency", "name": siteName(lang), "url": s.absolute("/")},
	}
	if s.Ratings != nil {
		s.rate(ctx, ld, s.Ratings.Program, p.ID.String())
	}
	image := ""
	if len(p.Photos) > 0 {
		image = p.Photos[0]
		ld["image"] = s.absolute(image)
	}
	return Page{Title: pageTitle(p.Name.In(lang), lang), Description: p.ShortDescription.In(lang), Path: ProgramPath(p.Slug),
		Image: image, Type: "website", JSONLD: []any{ld}, LeadImage: image != ""}, nil
}

func (s SEO) categoryPage(ctx context.Context, ref, lang string) (Page, error) {
	cg, err := s.App.Queries.Category.Handle(ctx, ref)
	if err != nil {
		return Page{}, err
	}
	page, err := s.App.Queries.Destinations.Handle(ctx, appcat.DestinationsQuery{Category: cg.ID.String(), Limit: appcat.MaxPageSize})
	if err != nil {
		return Page{}, err
	}
	var items []map[string]any
	for i, d := range page.Destinations {
		items = append(items, map[string]any{"@type": "ListItem", "position": i + 1, "name": d.Name.In(lang), "url": s.absolute(localized(DestinationPath(d.Slug), lang))})
	}
	ld := map[string]any{
		"@context": "https://schema.org", "@type": "CollectionPage",
		"name": cg.Name.In(lang), "description": cg.Description.In(lang), "url": s.absolute(localized(CategoryPath(cg.Slug), lang)), "inLanguage": lang,
		"mainEntity": map[string]any{"@type": "ItemList", "numberOfItems": len(items), "itemListElement": items},
	}
	return Page{Title: pageTitle(cg.Name.In(lang), lang), Description: cg.Description.In(lang), Path: CategoryPath(cg.Slug), Image: cg.Photo, JSONLD: []any{ld}}, nil
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

// SitemapPages lists every published destination and program and every category.
func (s SEO) SitemapPages(ctx context.Context) ([]SitemapPage, error) {
	m, err := s.App.Queries.Sitemap.Handle(ctx)
	if err != nil {
		return nil, err
	}
	out := make([]SitemapPage, 0, len(m.Destinations)+len(m.Programs)+len(m.Categories))
	for _, d := range m.Destinations {
		out = append(out, SitemapPage{Path: DestinationPath(d.Slug), LastModified: d.UpdatedAt})
	}
	for _, p := range m.Programs {
		out = append(out, SitemapPage{Path: ProgramPath(p.Slug), LastModified: p.UpdatedAt})
	}
	for _, c := range m.Categories {
		out = append(out, SitemapPage{Path: CategoryPath(c.Slug), LastModified: c.UpdatedAt})
	}
	return out, nil
}

// ScreenSlots chooses the first screen the server writes before the web app has run, and gives its
// text in lang, as the app's own answers would (web.ScreenSlots): the home page's hero title and
// subtitle (empty when the operator set none: the app's default shows), with its picture when the
// operator uploaded one ("home-photo"); a destination's or a
// program's name, main photo and category or summary, in the variant of the screen that has the
// parts the record has. A record without a photo, or one not found, has no screen.
func (s SEO) ScreenSlots(ctx context.Context, r *http.Request, page, lang string) (string, map[string]string, error) {
	q := r.URL.Query()
	switch page {
	case "home":
		home, err := s.App.Queries.Home.Handle(ctx)
		if err != nil {
			return "", nil, fmt.Errorf("catalogue: home content: %w", err)
		}
		hero := home.Content.Hero
		slots := map[string]string{"title": hero.Title.In(lang), "subtitle": hero.Subtitle.In(lang)}
		if hero.Image == "" {
			return page, slots, nil
		}
		// The operator's picture, as the app shows it: in the first paint, so the largest paint on a
		// phone does not wait for the app to start before its download begins.
		slots["photo"] = hero.Image
		return "home-photo", slots, nil
	case "destination":
		ref := q.Get("id")
		if ref == "" {
			ref = q.Get("slug")
		}
		v, err := s.App.Queries.Destination.Handle(ctx, ref)
		if domain.KindOf(err) == domain.KindNotFound || (err == nil && len(v.Destination.Photos) == 0) {
			return "", nil, nil
		}
		if err != nil {
			return "", nil, fmt.Errorf("catalogue: destination %q: %w", ref, err)
		}
		slots := map[string]string{"name": v.Destination.Name.In(lang), "photo": v.Destination.Photos[0]}
		c := v.Category
		if c == nil {
			return "destination-plain", slots, nil
		}
		slots["category"], slots["categoryurl"] = c.Name.In(lang), c.Slug
		if c.Slug == "" {
			slots["categoryurl"] = c.ID.String()
		}
		return "destination", slots, nil
	case "program":
		ref := strings.TrimPrefix(r.URL.Path, "/program/")
		if r.URL.Path == "/program" {
			ref = q.Get("id")
		}
		v, err := s.App.Queries.Program.Handle(ctx, ref)
		if domain.KindOf(err) == domain.KindNotFound {
			return "", nil, nil
		}
		if err != nil {
			return "", nil, fmt.Errorf("catalogue: program %q: %w", ref, err)
		}
		p := v.Program
		// As the app: the program's own photo, else its first stop's (at the size lists show).
		photo := ""
		if len(p.Photos) > 0 {
			photo = p.Photos[0]
		} else if len(v.Stops) > 0 && len(v.Stops[0].Photos) > 0 {
			photo = ThumbURL(v.Stops[0].Photos[0])
		}
		if photo == "" {
			return "", nil, nil
		}
		slots := map[string]string{"name": p.Name.In(lang), "photo": photo}
		if summary := p.ShortDescription.In(lang); summary != "" {
			slots["summary"] = summary
			return "program", slots, nil
		}
		return "program-plain", slots, nil
	}
	return page, nil, nil
}
