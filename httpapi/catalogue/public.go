package catalogue

import (
	"net/http"
	"time"

	"github.com/google/uuid"
	"github.com/gorilla/mux"

	appcat "mishwar/commands/catalogue"
	cat "mishwar/domain/catalogue"
	"mishwar/domain/money"
	"mishwar/httpapi/httpx"
)

// The public catalogue: what visitors browse. The application hides what is unpublished or archived.

// Every public answer but search (free text) is kept in memory until the catalogue changes.
func (h *Handler) publicRoutes(api *mux.Router) {
	api.HandleFunc("/destinations", h.answers.cached(h.listDestinations)).Methods(http.MethodGet)
	api.HandleFunc("/destinations/{ref}", h.answers.cached(h.getDestination)).Methods(http.MethodGet)
	api.HandleFunc("/categories", h.answers.cached(h.listCategories)).Methods(http.MethodGet)
	api.HandleFunc("/categories/{ref}", h.answers.cached(h.getCategory)).Methods(http.MethodGet)
	api.HandleFunc("/programs", h.answers.cached(h.listPrograms)).Methods(http.MethodGet)
	api.HandleFunc("/programs/{ref}", h.answers.cached(h.getProgram)).Methods(http.MethodGet)
	api.HandleFunc("/rates", h.answers.cached(h.listRates)).Methods(http.MethodGet)
	api.HandleFunc("/pickup-points", h.answers.cached(h.listPickupPoints)).Methods(http.MethodGet)
	api.HandleFunc("/home", h.answers.cached(h.home)).Methods(http.MethodGet)
	api.HandleFunc("/currencies", h.answers.cached(h.currencies)).Methods(http.MethodGet)
	api.HandleFunc("/opening-hours", h.answers.cached(h.openingHours)).Methods(http.MethodGet)
	api.HandleFunc("/countries", h.answers.cached(h.listCountries)).Methods(http.MethodGet)
	api.HandleFunc("/offers", h.answers.cached(h.listOffers)).Methods(http.MethodGet)
	api.HandleFunc("/search", h.search).Methods(http.MethodGet)
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

func toDestinationJSON(v appcat.DestinationView) destinationJSON {
	d := v.Destination
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
	if c := v.Category; c != nil {
		out.Category = &categoryRef{ID: c.ID, Slug: c.Slug, Name: c.Name}
	}
	return out
}

func destinationsJSON(vs []appcat.DestinationView) []destinationJSON {
	out := make([]destinationJSON, 0, len(vs))
	for _, v := range vs {
		out = append(out, toDestinationJSON(v))
	}
	return out
}

func toProgramRef(p appcat.Program) programRef {
	return programRef{ID: p.ID, Slug: p.Slug, Name: p.Name, Hours: p.Hours, Price: p.Price, URL: ProgramPath(p.Slug)}
}

func (h *Handler) listDestinations(w http.ResponseWriter, r *http.Request) {
	limit, err := queryInt(r, "limit", appcat.DefaultPageSize)
	if err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	q := r.URL.Query()
	page, err := h.app.Queries.Destinations.Handle(r.Context(), appcat.DestinationsQuery{
		Category: q.Get("category"), Q: q.Get("q"), Cursor: q.Get("cursor"), Limit: limit,
	})
	if err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	writeCatalogue(w, r, map[string]any{"data": destinationsJSON(page.Destinations), "next_cursor": page.NextCursor})
}

func (h *Handler) getDestination(w http.ResponseWriter, r *http.Request) {
	d, err := h.app.Queries.Destination.Handle(r.Context(), mux.Vars(r)["ref"])
	if err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	out := toDestinationJSON(d.DestinationView)
	for _, p := range d.Programs {
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

func toCategoryJSON(c appcat.CategoryView) categoryJSON {
	return categoryJSON{ID: c.ID, Slug: c.Slug, Name: c.Name, Description: c.Description,
		Photo: photoJSON{URL: c.Photo, Thumb: ThumbURL(c.Photo)}, DestinationCount: c.DestinationCount, URL: CategoryPath(c.Slug)}
}

func (h *Handler) listCategories(w http.ResponseWriter, r *http.Request) {
	cats, err := h.app.Queries.Categories.Handle(r.Context())
	if err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	data := make([]categoryJSON, 0, len(cats))
	for _, c := range cats {
		data = append(data, toCategoryJSON(c))
	}
	writeCatalogue(w, r, map[string]any{"data": data})
}

func (h *Handler) getCategory(w http.ResponseWriter, r *http.Request) {
	c, err := h.app.Queries.Category.Handle(r.Context(), mux.Vars(r)["ref"])
	if err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	writeCatalogue(w, r, map[string]any{"data": toCategoryJSON(c)})
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

func toProgramJSON(v appcat.ProgramView) programJSON {
	p := v.Program
	out := programJSON{ID: p.ID, Slug: p.Slug, Name: p.Name, ShortDescription: p.ShortDescription, Description: p.Description,
		DestinationIDs: []uuid.UUID{}, Destinations: []programStop{}, Hours: p.Hours, Price: p.Price,
		Photos: photosJSON(p.Photos), Top: p.Top, URL: ProgramPath(p.Slug), UpdatedAt: p.UpdatedAt}
	for _, d := range v.Stops {
		out.DestinationIDs = append(out.DestinationIDs, d.ID)
		out.Destinations = append(out.Destinations, programStop{ID: d.ID, Slug: d.Slug, Name: d.Name, ShortDescription: d.ShortDescription,
			Lat: d.Lat, Lng: d.Lng, VisitMinutes: d.VisitMinutes, Photos: photosJSON(d.Photos), URL: DestinationPath(d.Slug)})
	}
	return out
}

func programsJSON(vs []appcat.ProgramView) []programJSON {
	out := make([]programJSON, 0, len(vs))
	for _, v := range vs {
		out = append(out, toProgramJSON(v))
	}
	return out
}

func (h *Handler) listPrograms(w http.ResponseWriter, r *http.Request) {
	top := r.URL.Query().Get("top")
	progs, err := h.app.Queries.Programs.Handle(r.Context(), appcat.ProgramsQuery{Q: r.URL.Query().Get("q"), TopOnly: top == "1" || top == "true"})
	if err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	writeCatalogue(w, r, map[string]any{"data": programsJSON(progs)})
}

func (h *Handler) getProgram(w http.ResponseWriter, r *http.Request) {
	p, err := h.app.Queries.Program.Handle(r.Context(), mux.Vars(r)["ref"])
	if err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	writeCatalogue(w, r, map[string]any{"data": toProgramJSON(p)})
}
