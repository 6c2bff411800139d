package catalogue

import (
	"net/http"
	"strings"
	"time"

	"github.com/google/uuid"

	appcat "mishwar/commands/catalogue"
	cat "mishwar/domain/catalogue"
	"mishwar/domain/money"
	"mishwar/httpapi/httpx"
)

// The rest of the public catalogue: rates, pickup points, hours, the home page, currencies,
// countries, offers and search.

type ratePlanJSON struct {
	ID             uuid.UUID   `json:"id"`
	Name           cat.Text    `json:"name"`
	Description    cat.Text    `json:"description"`
	Seats          int         `json:"seats"`
	PricePerKm     money.Money `json:"price_per_km"`
	WaitingPerHour money.Money `json:"waiting_per_hour"`
}

func (h *Handler) listRates(w http.ResponseWriter, r *http.Request) {
	plans, err := h.app.Queries.RatePlans.Handle(r.Context())
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

func (h *Handler) listPickupPoints(w http.ResponseWriter, r *http.Request) {
	pp, err := h.app.Queries.PickupPoints.Handle(r.Context())
	if err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	data := make([]pickupPointJSON, 0, len(pp.Points))
	for _, p := range pp.Points {
		data = append(data, pickupPointJSON{ID: p.ID, Name: p.Name, Kind: p.Kind, Address: p.Address, Lat: p.Lat, Lng: p.Lng,
			Default: pp.DefaultID != nil && *pp.DefaultID == p.ID})
	}
	writeCatalogue(w, r, map[string]any{"data": data, "default_id": pp.DefaultID})
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

func toOpeningHoursJSON(o appcat.OpeningHours) openingHoursJSON {
	return openingHoursJSON{Weekly: o.Weekly, ClosedDays: o.ClosedDays, Holidays: o.Holidays, OpenNow: o.OpenNow, NextOpen: o.NextOpen, TimeZone: o.TimeZone}
}

func (h *Handler) openingHours(w http.ResponseWriter, r *http.Request) {
	o, err := h.app.Queries.OpeningHours.Handle(r.Context())
	if err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	writeCatalogue(w, r, map[string]any{"data": toOpeningHoursJSON(o)})
}

func (h *Handler) home(w http.ResponseWriter, r *http.Request) {
	home, err := h.app.Queries.Home.Handle(r.Context())
	if err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	var mostVisited *destinationJSON
	if home.MostVisited != nil {
		d := toDestinationJSON(*home.MostVisited)
		mostVisited = &d
	}
	var fullDay *programJSON
	if home.FullDayProgram != nil {
		p := toProgramJSON(*home.FullDayProgram)
		fullDay = &p
	}
	c := home.Content
	writeCatalogue(w, r, map[string]any{"data": map[string]any{
		"hero":             c.Hero,
		"faq":              c.FAQ,
		"whatsapp":         c.WhatsApp,
		"whatsapp_url":     whatsAppURL(c.WhatsApp),
		"full_day_ride":    c.FullDayRide,
		"full_day_program": fullDay,
		"about":            c.About,
		"contact":          c.Contact,
		"terms":            c.Terms,
		"privacy":          c.Privacy,
		"top_programs":     programsJSON(home.TopPrograms),
		"most_visited":     mostVisited,
		"opening_hours":    toOpeningHoursJSON(home.Hours),
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

func (h *Handler) currencies(w http.ResponseWriter, r *http.Request) {
	rates, err := h.app.Queries.CurrencyRates.Handle(r.Context())
	if err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	data := []currencyJSON{{Currency: money.EGP, Rate: 1, Scaled: money.RateScale}}
	for _, rt := range rates.Rates {
		data = append(data, currencyJSON{Currency: rt.To, Rate: rt.Float(), Scaled: rt.Scaled})
	}
	var at *time.Time
	if !rates.SetAt.IsZero() {
		at = &rates.SetAt
	}
	writeCatalogue(w, r, map[string]any{"data": data, "base": money.EGP, "set_at": at})
}

type countryJSON struct {
	Code     string   `json:"code"`
	Name     cat.Text `json:"name"`
	DialCode string   `json:"dial_code"`
}

func (h *Handler) listCountries(w http.ResponseWriter, r *http.Request) {
	cs, err := h.app.Queries.Countries.Handle(r.Context())
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
	PromoCode          string      `json:"promo_code,omitempty"`
	ValidFrom          string      `json:"valid_from"`
	ValidUntil         string      `json:"valid_until"`
	AppliesTo          string      `json:"applies_to"`
	ProgramIDs         []uuid.UUID `json:"program_ids"`
	RatePlanIDs        []uuid.UUID `json:"rate_plan_ids"`
}

// listOffers shows today's advertised offers, each with its promo code when it has one: an offer
// whose code is handed out privately is not listed at all (catalogue.OfferFields.Advertised).
func (h *Handler) listOffers(w http.ResponseWriter, r *http.Request) {
	offers, err := h.app.Queries.Offers.Handle(r.Context())
	if err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	data := make([]offerJSON, 0, len(offers))
	for _, o := range offers {
		data = append(data, offerJSON{ID: o.ID, Title: o.Title, Description: o.Description, Kind: o.Kind, PercentBasisPoints: o.PercentBasisPoints,
			Amount: o.Amount, NeedsPromoCode: o.PromoCode != "", PromoCode: o.PublicCode(), ValidFrom: o.ValidFrom, ValidUntil: o.ValidUntil, AppliesTo: o.AppliesTo,
			ProgramIDs: nonNil(o.ProgramIDs), RatePlanIDs: nonNil(o.RatePlanIDs)})
	}
	writeCatalogue(w, r, map[string]any{"data": data})
}

// search looks for destinations and programs in both languages.
func (h *Handler) search(w http.ResponseWriter, r *http.Request) {
	limit, err := queryInt(r, "limit", 20)
	if err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	res, err := h.app.Queries.Search.Handle(r.Context(), appcat.SearchQuery{Q: r.URL.Query().Get("q"), Limit: limit})
	if err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	writeCatalogue(w, r, map[string]any{"data": map[string]any{"destinations": destinationsJSON(res.Destinations), "programs": programsJSON(res.Programs)}, "q": res.Q})
}
