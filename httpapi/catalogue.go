package httpapi

import (
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"strconv"
	"strings"
	"time"

	"github.com/google/uuid"
	"github.com/gorilla/mux"

	"mishwar/domain"
	cat "mishwar/domain/catalogue"
	"mishwar/domain/money"
	"mishwar/httpapi/httpx"
	catrm "mishwar/projections/catalogue"
)

// The public catalogue: what visitors browse. Everything here reads the catalogue read model and
// hides what is unpublished or archived. Objects carry every bilingual text as {"en","ar"}; a request
// that names its language explicitly (the lang header or ?lang=) gets plain strings in that language.

func (s *Server) catalogueRoutes(api *mux.Router) {
	if s.deps.CatalogueReader == nil {
		return
	}
	api.HandleFunc("/destinations", s.listDestinations).Methods(http.MethodGet)
	api.HandleFunc("/destinations/{ref}", s.getDestination).Methods(http.MethodGet)
	api.HandleFunc("/categories", s.listCategories).Methods(http.MethodGet)
	api.HandleFunc("/categories/{ref}", s.getCategory).Methods(http.MethodGet)
	api.HandleFunc("/programs", s.listPrograms).Methods(http.MethodGet)
	api.HandleFunc("/programs/{ref}", s.getProgram).Methods(http.MethodGet)
	api.HandleFunc("/rates", s.listRates).Methods(http.MethodGet)
	api.HandleFunc("/pickup-points", s.listPickupPoints).Methods(http.MethodGet)
	api.HandleFunc("/home", s.home).Methods(http.MethodGet)
	api.HandleFunc("/currencies", s.currencies).Methods(http.MethodGet)
	api.HandleFunc("/opening-hours", s.openingHours).Methods(http.MethodGet)
	api.HandleFunc("/countries", s.listCountries).Methods(http.MethodGet)
	api.HandleFunc("/offers", s.listOffers).Methods(http.MethodGet)
	api.HandleFunc("/search", s.search).Methods(http.MethodGet)
}

// writeCatalogue answers 200 with v, flattened to one language when the request asked for one, and
// lets shared caches keep public catalogue answers briefly.
func writeCatalogue(w http.ResponseWriter, r *http.Request, v any) {
	if lang, ok := explicitLang(r); ok {
		flat, err := flattenLang(v, lang)
		if err != nil {
			httpx.WriteError(w, r, err)
			return
		}
		v = flat
	}
	w.Header().Set("Cache-Control", "public, max-age=30")
	w.Header().Add("Vary", "lang, Accept-Language")
	httpx.WriteJSON(w, http.StatusOK, v)
}

func explicitLang(r *http.Request) (string, bool) {
	v := r.URL.Query().Get("lang")
	if v == "" {
		v = r.Header.Get("lang")
	}
	switch strings.ToLower(strings.TrimSpace(v)) {
	case "ar":
		return "ar", true
	case "en":
		return "en", true
	}
	return "", false
}

// flattenLang replaces every {"en": "...", "ar": "..."} object in v's JSON by the string in lang
// (Arabic falling back to English when empty).
func flattenLang(v any, lang string) (any, error) {
	raw, err := json.Marshal(v)
	if err != nil {
		return nil, err
	}
	var tree any
	if err := json.Unmarshal(raw, &tree); err != nil {
		return nil, err
	}
	var walk func(any) any
	walk = func(n any) any {
		switch n := n.(type) {
		case map[string]any:
			if len(n) == 2 {
				en, okEn := n["en"].(string)
				ar, okAr := n["ar"].(string)
				if okEn && okAr {
					return cat.Text{En: en, Ar: ar}.In(lang)
				}
			}
			for k, c := range n {
				n[k] = walk(c)
			}
			return n
		case []any:
			for i, c := range n {
				n[i] = walk(c)
			}
			return n
		}
		return n
	}
	return walk(tree), nil
}

// photoJSON is a photo at its two sizes: the list card and the detail page.
type photoJSON struct {
	URL   string `json:"url"`
	Thumb string `json:"thumb"`
}

func photosJSON(urls []string) []photoJSON {
	out := make([]photoJSON, 0, len(urls))
	for _, u := range urls {
		out = append(out, photoJSON{URL: u, Thumb: ThumbURL(u)})
	}
	return out
}

// ThumbURL is the list-size variant of a photo: uploads are stored at both sizes; anything else
// (generated artwork, absolute URLs) has one size.
func ThumbURL(u string) string {
	if strings.HasPrefix(u, "/uploads/") && strings.Contains(u, "-detail.") {
		return strings.Replace(u, "-detail.", "-list.", 1)
	}
	return u
}

type categoryRef struct {
	ID   uuid.UUID `json:"id"`
	Slug string    `json:"slug"`
	Name cat.Text  `json:"name"`
}

type destinationJSON struct {
	ID               uuid.UUID       `json:"id"`
	Slug             string          `json:"slug"`
	CategoryID       uuid.UUID       `json:"category_id"`
	Category         *categoryRef    `json:"category"`
	Name             cat.Text        `json:"name"`
	ShortDescription cat.Text        `json:"short_description"`
	Description      cat.Text        `json:"description"`
	Address          cat.Text        `json:"address"`
	Lat              float64         `json:"lat"`
	Lng              float64         `json:"lng"`
	Photos           []photoJSON     `json:"photos"`
	VisitMinutes     int             `json:"visit_minutes"`
	OpeningHours     cat.WeeklyHours `json:"opening_hours"`
	ClosedDays       []time.Weekday  `json:"closed_days"`
	HoursNote        cat.Text        `json:"hours_note"`
	TicketNote       cat.Text        `json:"ticket_note"`
	Popularity       int             `json:"popularity"`
	URL              string          `json:"url"`
	UpdatedAt        time.Time       `json:"updated_at"`
	// Programs that stop here (detail only).
	Programs []programRef `json:"programs,omitempty"`
}

type programRef struct {
	ID    uuid.UUID   `json:"id"`
	Slug  string      `json:"slug"`
	Name  cat.Text    `json:"name"`
	Hours int         `json:"hours"`
	Price money.Money `json:"price"`
	URL   string      `json:"url"`
}

// DestinationPath, ProgramPath and CategoryPath are the web app's pages for catalogue items.
func DestinationPath(slug string) string { return "/destination?id=" + slug }
func ProgramPath(slug string) string     { return "/program/" + slug }
func CategoryPath(slug string) string    { return "/categories?category=" + slug }

func toDestinationJSON(d catrm.Destination, cats map[uuid.UUID]catrm.Category) destinationJSON {
	out := destinationJSON{
		ID: d.ID, Slug: d.Slug, CategoryID: d.CategoryID,
		Name: d.Name, ShortDescription: d.ShortDescription, Description: d.Description, Address: d.Address,
		Lat: d.Lat, Lng: d.Lng, Photos: photosJSON(d.Photos), VisitMinutes: d.VisitMinutes,
		OpeningHours: d.OpeningHours, ClosedDays: nonNil(d.ClosedDays()), HoursNote: d.HoursNote, TicketNote: d.TicketNote,
		Popularity: d.Popularity, URL: DestinationPath(d.Slug), UpdatedAt: d.UpdatedAt,
	}
	if out.OpeningHours == nil {
		out.OpeningHours = cat.WeeklyHours{}
	}
	if c, ok := cats[d.CategoryID]; ok {
		out.Category = &categoryRef{ID: c.ID, Slug: c.Slug, Name: c.Name}
	}
	return out
}

func toProgramRef(p catrm.Program) programRef {
	return programRef{ID: p.ID, Slug: p.Slug, Name: p.Name, Hours: p.Hours, Price: p.Price, URL: ProgramPath(p.Slug)}
}

// destinationsJSON renders destinations with their categories' names.
func (s *Server) destinationsJSON(ctx context.Context, ds []catrm.Destination) ([]destinationJSON, error) {
	cats, err := s.deps.CatalogueReader.Categories(ctx)
	if err != nil {
		return nil, err
	}
	byID := make(map[uuid.UUID]catrm.Category, len(cats))
	for _, c := range cats {
		byID[c.ID] = c
	}
	out := make([]destinationJSON, 0, len(ds))
	for _, d := range ds {
		out = append(out, toDestinationJSON(d, byID))
	}
	return out, nil
}

func queryInt(r *http.Request, name string, def int) (int, error) {
	v := r.URL.Query().Get(name)
	if v == "" {
		return def, nil
	}
	n, err := strconv.Atoi(v)
	if err != nil || n < 0 {
		var ve domain.ValidationError
		ve.Add(name, "catalogue.invalid_number")
		return 0, &ve
	}
	return n, nil
}

func (s *Server) listDestinations(w http.ResponseWriter, r *http.Request) {
	ctx := r.Context()
	rd := s.deps.CatalogueReader
	limit, err := queryInt(r, "limit", catrm.DefaultPageSize)
	if err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	q := catrm.DestinationQuery{Q: r.URL.Query().Get("q"), Cursor: r.URL.Query().Get("cursor"), Limit: limit}
	if ref := r.URL.Query().Get("category"); ref != "" {
		c, err := rd.CategoryByRef(ctx, ref)
		if err == nil && c.Archived {
			err = cat.ErrCategoryNotFound
		}
		if err != nil {
			httpx.WriteError(w, r, err)
			return
		}
		q.CategoryID = c.ID
	}
	page, err := rd.PublishedDestinations(ctx, q)
	if err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	data, err := s.destinationsJSON(ctx, page.Data)
	if err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	writeCatalogue(w, r, map[string]any{"data": data, "next_cursor": page.NextCursor})
}

// visible passes on what a by-ref lookup found only if visitors may see it; an unpublished or archived
// entry answers hidden, the same 404 as one that does not exist.
func visible[T interface{ Visible() bool }](v T, err error, hidden error) (T, error) {
	if err == nil && !v.Visible() {
		return v, hidden
	}
	return v, err
}

func (s *Server) getDestination(w http.ResponseWriter, r *http.Request) {
	ctx := r.Context()
	d, err := s.deps.CatalogueReader.DestinationByRef(ctx, mux.Vars(r)["ref"])
	if d, err = visible(d, err, cat.ErrDestinationNotFound); err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	data, err := s.destinationsJSON(ctx, []catrm.Destination{d})
	if err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	out := data[0]
	progs, err := s.deps.CatalogueReader.PublishedPrograms(ctx, catrm.ProgramQuery{Visiting: d.ID})
	if err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	for _, p := range progs {
		out.Programs = append(out.Programs, toProgramRef(p))
	}
	writeCatalogue(w, r, map[string]any{"data": out})
}

type categoryJSON struct {
	ID               uuid.UUID `json:"id"`
	Slug             string    `json:"slug"`
	Name             cat.Text  `json:"name"`
	Description      cat.Text  `json:"description"`
	Photo            photoJSON `json:"photo"`
	DestinationCount int       `json:"destination_count"`
	URL              string    `json:"url"`
}

func toCategoryJSON(c catrm.Category, count int) categoryJSON {
	return categoryJSON{ID: c.ID, Slug: c.Slug, Name: c.Name, Description: c.Description,
		Photo: photoJSON{URL: c.Photo, Thumb: ThumbURL(c.Photo)}, DestinationCount: count, URL: CategoryPath(c.Slug)}
}

func (s *Server) listCategories(w http.ResponseWriter, r *http.Request) {
	ctx := r.Context()
	cats, err := s.deps.CatalogueReader.Categories(ctx)
	if err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	counts, err := s.deps.CatalogueReader.CategoryCounts(ctx)
	if err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	data := make([]categoryJSON, 0, len(cats))
	for _, c := range cats {
		data = append(data, toCategoryJSON(c, counts[c.ID]))
	}
	writeCatalogue(w, r, map[string]any{"data": data})
}

func (s *Server) getCategory(w http.ResponseWriter, r *http.Request) {
	ctx := r.Context()
	c, err := s.deps.CatalogueReader.CategoryByRef(ctx, mux.Vars(r)["ref"])
	if err == nil && c.Archived {
		err = cat.ErrCategoryNotFound
	}
	if err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	counts, err := s.deps.CatalogueReader.CategoryCounts(ctx)
	if err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	writeCatalogue(w, r, map[string]any{"data": toCategoryJSON(c, counts[c.ID])})
}

type programStop struct {
	ID               uuid.UUID   `json:"id"`
	Slug             string      `json:"slug"`
	Name             cat.Text    `json:"name"`
	ShortDescription cat.Text    `json:"short_description"`
	Lat              float64     `json:"lat"`
	Lng              float64     `json:"lng"`
	VisitMinutes     int         `json:"visit_minutes"`
	Photos           []photoJSON `json:"photos"`
	URL              string      `json:"url"`
}

type programJSON struct {
	ID               uuid.UUID     `json:"id"`
	Slug             string        `json:"slug"`
	Name             cat.Text      `json:"name"`
	ShortDescription cat.Text      `json:"short_description"`
	Description      cat.Text      `json:"description"`
	DestinationIDs   []uuid.UUID   `json:"destination_ids"`
	Destinations     []programStop `json:"destinations"`
	Hours            int           `json:"hours"`
	Price            money.Money   `json:"price"`
	Photos           []photoJSON   `json:"photos"`
	Top              bool          `json:"top"`
	URL              string        `json:"url"`
	UpdatedAt        time.Time     `json:"updated_at"`
}

// programsJSON resolves each program's stops (visible ones only, in order) with one read.
func (s *Server) programsJSON(ctx context.Context, progs []catrm.Program) ([]programJSON, error) {
	var ids []uuid.UUID
	for _, p := range progs {
		ids = append(ids, p.DestinationIDs...)
	}
	dests, err := s.deps.CatalogueReader.Destinations(ctx, ids)
	if err != nil {
		return nil, err
	}
	byID := make(map[uuid.UUID]catrm.Destination, len(dests))
	for _, d := range dests {
		byID[d.ID] = d
	}
	out := make([]programJSON, 0, len(progs))
	for _, p := range progs {
		pj := programJSON{ID: p.ID, Slug: p.Slug, Name: p.Name, ShortDescription: p.ShortDescription, Description: p.Description,
			DestinationIDs: []uuid.UUID{}, Destinations: []programStop{}, Hours: p.Hours, Price: p.Price,
			Photos: photosJSON(p.Photos), Top: p.Top, URL: ProgramPath(p.Slug), UpdatedAt: p.UpdatedAt}
		for _, id := range p.DestinationIDs {
			d, ok := byID[id]
			if !ok || !d.Visible() {
				continue
			}
			pj.DestinationIDs = append(pj.DestinationIDs, id)
			pj.Destinations = append(pj.Destinations, programStop{ID: d.ID, Slug: d.Slug, Name: d.Name, ShortDescription: d.ShortDescription,
				Lat: d.Lat, Lng: d.Lng, VisitMinutes: d.VisitMinutes, Photos: photosJSON(d.Photos), URL: DestinationPath(d.Slug)})
		}
		out = append(out, pj)
	}
	return out, nil
}

func (s *Server) listPrograms(w http.ResponseWriter, r *http.Request) {
	ctx := r.Context()
	q := catrm.ProgramQuery{Q: r.URL.Query().Get("q"), TopOnly: r.URL.Query().Get("top") == "1" || r.URL.Query().Get("top") == "true"}
	progs, err := s.deps.CatalogueReader.PublishedPrograms(ctx, q)
	if err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	data, err := s.programsJSON(ctx, progs)
	if err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	writeCatalogue(w, r, map[string]any{"data": data})
}

func (s *Server) getProgram(w http.ResponseWriter, r *http.Request) {
	ctx := r.Context()
	p, err := s.deps.CatalogueReader.ProgramByRef(ctx, mux.Vars(r)["ref"])
	if p, err = visible(p, err, cat.ErrProgramNotFound); err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	data, err := s.programsJSON(ctx, []catrm.Program{p})
	if err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	writeCatalogue(w, r, map[string]any{"data": data[0]})
}

type ratePlanJSON struct {
	ID             uuid.UUID   `json:"id"`
	Name           cat.Text    `json:"name"`
	Description    cat.Text    `json:"description"`
	Seats          int         `json:"seats"`
	PricePerKm     money.Money `json:"price_per_km"`
	WaitingPerHour money.Money `json:"waiting_per_hour"`
}

func (s *Server) listRates(w http.ResponseWriter, r *http.Request) {
	plans, err := s.deps.CatalogueReader.ActiveRatePlans(r.Context())
	if err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	data := make([]ratePlanJSON, 0, len(plans))
	for _, p := range plans {
		data = append(data, ratePlanJSON{ID: p.ID, Name: p.Name, Description: p.Description, Seats: p.Seats, PricePerKm: p.PricePerKm, WaitingPerHour: p.WaitingPerHour})
	}
	writeCatalogue(w, r, map[string]any{"data": data})
}

type pickupPointJSON struct {
	ID      uuid.UUID `json:"id"`
	Name    cat.Text  `json:"name"`
	Kind    string    `json:"kind"`
	Address cat.Text  `json:"address"`
	Lat     float64   `json:"lat"`
	Lng     float64   `json:"lng"`
	Default bool      `json:"default"`
}

func (s *Server) listPickupPoints(w http.ResponseWriter, r *http.Request) {
	ctx := r.Context()
	points, err := s.deps.CatalogueReader.PickupPoints(ctx)
	if err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	var defaultID *uuid.UUID
	if def, err := s.deps.CatalogueReader.DefaultPickupPoint(ctx); err == nil {
		defaultID = &def.ID
	} else if !errors.Is(err, catrm.ErrNoDefaultPickupPoint) {
		httpx.WriteError(w, r, err)
		return
	}
	data := make([]pickupPointJSON, 0, len(points))
	for _, p := range points {
		data = append(data, pickupPointJSON{ID: p.ID, Name: p.Name, Kind: p.Kind, Address: p.Address, Lat: p.Lat, Lng: p.Lng,
			Default: defaultID != nil && *defaultID == p.ID})
	}
	writeCatalogue(w, r, map[string]any{"data": data, "default_id": defaultID})
}

type openingHoursJSON struct {
	Weekly     cat.WeeklyHours `json:"weekly"`
	ClosedDays []time.Weekday  `json:"closed_days"`
	// Holidays from today on.
	Holidays []cat.Holiday `json:"holidays"`
	OpenNow  bool          `json:"open_now"`
	// NextOpen is when the office next opens (now, when open); null when it never does.
	NextOpen *time.Time `json:"next_open"`
	TimeZone string     `json:"time_zone"`
}

func toOpeningHoursJSON(b cat.BusinessHours, now time.Time) openingHoursJSON {
	out := openingHoursJSON{Weekly: b.Weekly, ClosedDays: b.Weekly.ClosedDays(), Holidays: []cat.Holiday{}, OpenNow: b.OpenAt(now), TimeZone: "Africa/Cairo"}
	if out.Weekly == nil {
		out.Weekly = cat.WeeklyHours{}
	}
	today := now.In(cat.Cairo).Format(time.DateOnly)
	for _, h := range b.Holidays {
		if h.Date >= today {
			out.Holidays = append(out.Holidays, h)
		}
	}
	if next, ok := b.NextOpen(now); ok {
		out.NextOpen = &next
	}
	return out
}

func (s *Server) openingHours(w http.ResponseWriter, r *http.Request) {
	b, err := s.deps.CatalogueReader.OpeningHours(r.Context())
	if err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	writeCatalogue(w, r, map[string]any{"data": toOpeningHoursJSON(b, time.Now())})
}

func (s *Server) home(w http.ResponseWriter, r *http.Request) {
	ctx := r.Context()
	rd := s.deps.CatalogueReader
	content, _, err := rd.Home(ctx)
	if err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	top, err := rd.PublishedPrograms(ctx, catrm.ProgramQuery{TopOnly: true})
	if err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	topJSON, err := s.programsJSON(ctx, top)
	if err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	var mostVisited *destinationJSON
	if d, ok, err := rd.MostVisitedDestination(ctx); err != nil {
		httpx.WriteError(w, r, err)
		return
	} else if ok {
		dj, err := s.destinationsJSON(ctx, []catrm.Destination{d})
		if err != nil {
			httpx.WriteError(w, r, err)
			return
		}
		mostVisited = &dj[0]
	}
	var fullDay *programJSON
	if id := content.FullDayRide.ProgramID; id != uuid.Nil {
		if p, err := rd.Program(ctx, id); err == nil && p.Visible() {
			pj, err := s.programsJSON(ctx, []catrm.Program{p})
			if err != nil {
				httpx.WriteError(w, r, err)
				return
			}
			fullDay = &pj[0]
		}
	}
	hours, err := rd.OpeningHours(ctx)
	if err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	if content.FAQ == nil {
		content.FAQ = []cat.FAQItem{}
	}
	writeCatalogue(w, r, map[string]any{"data": map[string]any{
		"hero":             content.Hero,
		"faq":              content.FAQ,
		"whatsapp":         content.WhatsApp,
		"whatsapp_url":     whatsAppURL(content.WhatsApp),
		"full_day_ride":    content.FullDayRide,
		"full_day_program": fullDay,
		"about":            content.About,
		"contact":          content.Contact,
		"terms":            content.Terms,
		"privacy":          content.Privacy,
		"top_programs":     topJSON,
		"most_visited":     mostVisited,
		"opening_hours":    toOpeningHoursJSON(hours, time.Now()),
	}})
}

func whatsAppURL(phone string) string {
	digits := strings.TrimPrefix(phone, "+")
	if digits == "" {
		return ""
	}
	return "https://wa.me/" + digits
}

type currencyJSON struct {
	Currency money.Currency `json:"currency"`
	// Rate is what one Egyptian pound buys; Scaled is the same × 10^7, exact.
	Rate   float64 `json:"rate"`
	Scaled int64   `json:"scaled"`
}

func (s *Server) currencies(w http.ResponseWriter, r *http.Request) {
	rates, setAt, err := s.deps.CatalogueReader.CurrencyRates(r.Context())
	if err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	data := []currencyJSON{{Currency: money.EGP, Rate: 1, Scaled: money.RateScale}}
	for _, rt := range rates {
		data = append(data, currencyJSON{Currency: rt.To, Rate: rt.Float(), Scaled: rt.Scaled})
	}
	var at *time.Time
	if !setAt.IsZero() {
		at = &setAt
	}
	writeCatalogue(w, r, map[string]any{"data": data, "base": money.EGP, "set_at": at})
}

type countryJSON struct {
	Code     string   `json:"code"`
	Name     cat.Text `json:"name"`
	DialCode string   `json:"dial_code"`
}

func (s *Server) listCountries(w http.ResponseWriter, r *http.Request) {
	cs, err := s.deps.CatalogueReader.ActiveCountries(r.Context())
	if err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	data := make([]countryJSON, 0, len(cs))
	for _, c := range cs {
		data = append(data, countryJSON{Code: c.Code, Name: c.Name, DialCode: c.DialCode})
	}
	writeCatalogue(w, r, map[string]any{"data": data})
}

type offerJSON struct {
	ID                 uuid.UUID   `json:"id"`
	Title              cat.Text    `json:"title"`
	Description        cat.Text    `json:"description"`
	Kind               string      `json:"kind"`
	PercentBasisPoints int64       `json:"percent_basis_points"`
	Amount             money.Money `json:"amount"`
	NeedsPromoCode     bool        `json:"needs_promo_code"`
	ValidFrom          string      `json:"valid_from"`
	ValidUntil         string      `json:"valid_until"`
	AppliesTo          string      `json:"applies_to"`
	ProgramIDs         []uuid.UUID `json:"program_ids"`
	RatePlanIDs        []uuid.UUID `json:"rate_plan_ids"`
}

// listOffers shows today's offers. Promo codes are not shown: they are handed out, not published.
func (s *Server) listOffers(w http.ResponseWriter, r *http.Request) {
	offers, err := s.deps.CatalogueReader.ActiveOffers(r.Context(), time.Now())
	if err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	data := make([]offerJSON, 0, len(offers))
	for _, o := range offers {
		data = append(data, offerJSON{ID: o.ID, Title: o.Title, Description: o.Description, Kind: o.Kind, PercentBasisPoints: o.PercentBasisPoints,
			Amount: o.Amount, NeedsPromoCode: o.PromoCode != "", ValidFrom: o.ValidFrom, ValidUntil: o.ValidUntil, AppliesTo: o.AppliesTo,
			ProgramIDs: nonNil(o.ProgramIDs), RatePlanIDs: nonNil(o.RatePlanIDs)})
	}
	writeCatalogue(w, r, map[string]any{"data": data})
}

func nonNil[T any](xs []T) []T {
	if xs == nil {
		return []T{}
	}
	return xs
}

// search looks for destinations and programs in both languages.
func (s *Server) search(w http.ResponseWriter, r *http.Request) {
	ctx := r.Context()
	q := strings.TrimSpace(r.URL.Query().Get("q"))
	if catrm.NormalizeSearch(q) == "" {
		var ve domain.ValidationError
		ve.Add("q", "common.required")
		httpx.WriteError(w, r, &ve)
		return
	}
	limit, err := queryInt(r, "limit", 20)
	if err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	page, err := s.deps.CatalogueReader.PublishedDestinations(ctx, catrm.DestinationQuery{Q: q, Limit: limit})
	if err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	progs, err := s.deps.CatalogueReader.PublishedPrograms(ctx, catrm.ProgramQuery{Q: q})
	if err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	dests, err := s.destinationsJSON(ctx, page.Data)
	if err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	progJSON, err := s.programsJSON(ctx, progs)
	if err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	writeCatalogue(w, r, map[string]any{"data": map[string]any{"destinations": dests, "programs": progJSON}, "q": q})
}
