package httpapi

import (
	"context"
	"encoding/json"
	"fmt"
	"math"
	"net/http"
	"net/url"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/google/uuid"
	"github.com/gorilla/mux"

	"mishwar/commands"
	cartcmd "mishwar/commands/cart"
	"mishwar/domain"
	"mishwar/domain/cart"
	"mishwar/domain/money"
	"mishwar/domain/trip"
	"mishwar/httpapi/httpx"
	"mishwar/internal/i18n"
	cartrm "mishwar/projections/cart"
)

// The cart API: the spec's calls (GET/POST api/auth/cart, DELETE api/auth/cart/{id}, DELETE
// api/auth/cart/clear, PATCH api/auth/cart/items/{id}/move) in the shapes its client reads, and the
// calls the product adds: a whole program, start and end points, and itinerary optimisation.
// Every answer that changes the cart waits for the cart read model to show the change, so the
// answer and the next GET agree.

// CartDeps is what the cart routes need (nil in Deps: not mounted).
type CartDeps struct {
	Commands *cartcmd.Handlers
	Carts    *cartrm.Reader
	Quotes   *cartrm.Quoter
	// Now is the clock for the default departure (time.Now when nil).
	Now func() time.Time
}

func (s *Server) cartRoutes(api *mux.Router) {
	if s.deps.Cart == nil {
		return
	}
	api.HandleFunc("/auth/cart", httpx.RequireUser(s.getCart)).Methods(http.MethodGet)
	api.HandleFunc("/auth/cart", httpx.RequireUser(s.addToCart)).Methods(http.MethodPost)
	api.HandleFunc("/auth/cart/clear", httpx.RequireUser(s.clearCart)).Methods(http.MethodDelete)
	api.HandleFunc("/auth/cart/program", httpx.RequireUser(s.addProgramToCart)).Methods(http.MethodPost)
	api.HandleFunc("/auth/cart/points", httpx.RequireUser(s.chooseCartPoints)).Methods(http.MethodPut)
	api.HandleFunc("/auth/cart/optimise", httpx.RequireUser(s.optimiseCart)).Methods(http.MethodPost)
	api.HandleFunc("/auth/cart/order", httpx.RequireUser(s.reorderCart)).Methods(http.MethodPut)
	api.HandleFunc("/auth/cart/items/{id}/move", httpx.RequireUser(s.moveCartItem)).Methods(http.MethodPatch)
	api.HandleFunc("/auth/cart/{id}", httpx.RequireUser(s.removeFromCart)).Methods(http.MethodDelete)
}

// ---- answers ----

type coordinatesJSON struct {
	Lat float64 `json:"lat"`
	Lng float64 `json:"lng"`
}

type cartDestinationJSON struct {
	ID           string          `json:"id"`
	Name         string          `json:"name"`
	Slug         string          `json:"slug"`
	Coordinates  coordinatesJSON `json:"coordinates"`
	VisitHours   float64         `json:"visit_hours"`
	VisitMinutes int             `json:"visit_minutes"`
	Photo        *string         `json:"photo"`
}

type cartItemJSON struct {
	ID            string              `json:"id"`
	DestinationID string              `json:"destination_id"`
	Position      int                 `json:"position"`
	Destination   cartDestinationJSON `json:"destination"`
	// Available is false for a destination unpublished since it was added: it is left out of the trip.
	Available bool `json:"available"`
	// Arrival and Departure are when the stop is reached and left (absent when unavailable).
	Arrival   *time.Time `json:"arrival,omitempty"`
	Departure *time.Time `json:"departure,omitempty"`
	// Problem says what is wrong with reaching the stop then ("closed_that_day", "after_closing",
	// "closes_during_visit"), with a message.
	Problem        string `json:"problem,omitempty"`
	ProblemMessage string `json:"problem_message,omitempty"`
	ProgramID      string `json:"program_id,omitempty"`
}

type legJSON struct {
	From     string  `json:"from"`
	To       string  `json:"to"`
	FromName string  `json:"from_name"`
	ToName   string  `json:"to_name"`
	Distance float64 `json:"distance"`
	Duration int64   `json:"duration"`
}

type priceJSON struct {
	Currency money.Currency `json:"currency"`
	Total    float64        `json:"total"`
}

type rateCalculationJSON struct {
	RateID         string         `json:"rate_id"`
	Name           string         `json:"name"`
	PricePerKm     float64        `json:"price_per_km"`
	WaitingPerHour float64        `json:"waiting_per_hour"`
	DistanceCost   float64        `json:"distance_cost"`
	WaitingCost    float64        `json:"waiting_cost"`
	Total          float64        `json:"total"`
	Currency       money.Currency `json:"currency"`
	Converted      []priceJSON    `json:"converted"`
}

type warningJSON struct {
	Code    string `json:"code"`
	Message string `json:"message"`
}

type tripJSON struct {
	TotalDistance       float64               `json:"total_distance"`
	TotalDuration       int64                 `json:"total_duration"`
	TotalWaitingHours   float64               `json:"total_waiting_hours"`
	TotalWaitingMinutes int64                 `json:"total_waiting_minutes"`
	TotalTripMinutes    int64                 `json:"total_trip_minutes"`
	Departure           time.Time             `json:"departure"`
	Finish              time.Time             `json:"finish"`
	Legs                []legJSON             `json:"legs"`
	RateCalculations    []rateCalculationJSON `json:"rate_calculations"`
	MoreThanOneDay      bool                  `json:"more_than_one_day"`
	// SecondDayFrom is the position of the first item a second day should start with (null: none).
	SecondDayFrom *int          `json:"second_day_from"`
	Warnings      []warningJSON `json:"warnings"`
}

type routePointJSON struct {
	Kind          cart.PointKind  `json:"kind"`
	PickupPointID string          `json:"pickup_point_id,omitempty"`
	Name          string          `json:"name"`
	Coordinates   coordinatesJSON `json:"coordinates"`
	// Default: the admin's default pickup point. SameAsStart: the trip ends where it starts.
	Default     bool `json:"default"`
	SameAsStart bool `json:"same_as_start"`
}

type cartJSON struct {
	Data             []cartItemJSON `json:"data"`
	TripCalculations tripJSON       `json:"trip_calculations"`
	// Version is the cart's version (-1: never changed), the one live cart.changed notices carry.
	Version    int64          `json:"version"`
	StartPoint routePointJSON `json:"start_point"`
	EndPoint   routePointJSON `json:"end_point"`
	Message    string         `json:"message,omitempty"`
}

func major(m money.Money) float64 { return float64(m.Minor) / 100 }

func nameIn(lang i18n.Lang, en, ar string) string {
	if lang == i18n.Ar && ar != "" {
		return ar
	}
	return en
}

func toCartJSON(q cartrm.Quote, lang i18n.Lang) cartJSON {
	l := string(lang)
	out := cartJSON{Version: q.Version, Data: []cartItemJSON{}}
	positionOfStop := []int{}
	for _, s := range q.Stops {
		d := s.Destination
		item := cartItemJSON{
			ID: s.Item.ID, DestinationID: s.Item.DestinationID, Position: s.Item.Position, Available: s.Available,
			ProgramID: s.Item.ProgramID,
			Destination: cartDestinationJSON{
				ID: d.ID, Name: d.Name(l), Slug: d.Slug, Coordinates: coordinatesJSON{d.Lat, d.Lng},
				VisitHours: math.Round(float64(d.VisitMinutes)/60*100) / 100, VisitMinutes: d.VisitMinutes,
			},
		}
		if d.Photo != "" {
			photo := d.Photo
			item.Destination.Photo = &photo
		}
		if s.Available {
			arrive, leave := s.Timing.Arrive, s.Timing.Leave
			item.Arrival, item.Departure = &arrive, &leave
			item.Problem = string(s.Timing.Problem)
			item.ProblemMessage = problemMessage(lang, s.Timing)
			positionOfStop = append(positionOfStop, s.Item.Position)
		}
		out.Data = append(out.Data, item)
	}
	c := q.Calc
	t := tripJSON{
		TotalDistance: c.DistanceKm(), TotalDuration: c.DrivingMinutes(), TotalWaitingHours: c.WaitingHours(),
		TotalWaitingMinutes: c.WaitingMinutes, TotalTripMinutes: trip.Minutes(c.Total()),
		Departure: q.Departure, Finish: c.Finish, MoreThanOneDay: c.MoreThanOneDay,
		Legs: []legJSON{}, RateCalculations: []rateCalculationJSON{}, Warnings: []warningJSON{},
	}
	if c.Finish.IsZero() {
		t.Finish = q.Departure
	}
	for _, leg := range q.Legs {
		t.Legs = append(t.Legs, legJSON{
			From: leg.From.ID, To: leg.To.ID, FromName: nameIn(lang, leg.From.NameEN, leg.From.NameAR),
			ToName: nameIn(lang, leg.To.NameEN, leg.To.NameAR), Distance: leg.Km(), Duration: trip.Minutes(leg.Duration),
		})
	}
	for _, r := range c.Rates {
		plan := q.RatePlans[r.Plan.ID]
		rc := rateCalculationJSON{
			RateID: r.Plan.ID, Name: plan.NameIn(l), PricePerKm: major(r.Plan.PricePerKm), WaitingPerHour: major(r.Plan.WaitingPerHour),
			DistanceCost: major(r.DistanceCost), WaitingCost: major(r.WaitingCost), Total: major(r.Total), Currency: r.Total.Currency,
			Converted: []priceJSON{},
		}
		for _, conv := range r.Converted {
			rc.Converted = append(rc.Converted, priceJSON{Currency: conv.Currency, Total: major(conv)})
		}
		t.RateCalculations = append(t.RateCalculations, rc)
	}
	if c.SecondDayFrom >= 0 && c.SecondDayFrom < len(positionOfStop) {
		p := positionOfStop[c.SecondDayFrom]
		t.SecondDayFrom = &p
	}
	for _, w := range c.Warnings {
		t.Warnings = append(t.Warnings, warningJSON{Code: w, Message: i18n.T(lang, w)})
		if w == trip.WarnMoreThanOneDay && t.SecondDayFrom != nil {
			name := out.Data[*t.SecondDayFrom-1].Destination.Name
			t.Warnings = append(t.Warnings, warningJSON{Code: "trip.second_day_from", Message: i18n.T(lang, "trip.second_day_from", name)})
		}
	}
	out.TripCalculations = t
	out.StartPoint = toRoutePointJSON(q.Start, lang)
	out.EndPoint = toRoutePointJSON(q.End, lang)
	return out
}

func problemMessage(lang i18n.Lang, t trip.StopTiming) string {
	switch t.Problem {
	case trip.StopClosedThatDay:
		return i18n.T(lang, "trip.closed_that_day")
	case trip.StopAfterClosing:
		return i18n.T(lang, "trip.after_closing", t.Closes.Format("15:04"))
	case trip.StopClosesDuringVisit:
		return i18n.T(lang, "trip.closes_during_visit", t.Closes.Format("15:04"))
	}
	return ""
}

func toRoutePointJSON(p cartrm.RoutePoint, lang i18n.Lang) routePointJSON {
	return routePointJSON{
		Kind: p.Kind, PickupPointID: p.PickupPointID, Name: p.NameIn(string(lang)),
		Coordinates: coordinatesJSON{p.Lat, p.Lng}, Default: p.Default, SameAsStart: p.SameAsStart,
	}
}

// ---- helpers ----

func (s *Server) cartUser(r *http.Request) string {
	id, _ := httpx.CurrentIdentity(r)
	return id.UserID
}

// idempotencyNamespace scopes Idempotency-Key values that are not UUIDs.
var idempotencyNamespace = uuid.MustParse("6f1d2a36-5c57-4b8e-9a43-2f6f0d0f4c11")

// cartMeta is the command metadata of a request. An Idempotency-Key header makes a retried request
// the same command: the first answer is repeated and nothing is appended twice. Keys are scoped to
// the user, so two people cannot collide on one.
func cartMeta(r *http.Request) commands.Meta {
	id, _ := httpx.CurrentIdentity(r)
	meta := commands.NewMeta(commands.Actor{UserID: id.UserID, Role: id.Role})
	meta.ClientIP = httpx.ClientIP(r)
	if key := strings.TrimSpace(r.Header.Get("Idempotency-Key")); key != "" {
		meta.CommandID = uuid.NewSHA1(idempotencyNamespace, []byte(id.UserID+"\x00"+r.Method+" "+r.URL.Path+"\x00"+key))
		meta.CorrelationID = meta.CommandID.String()
	}
	return meta
}

func (s *Server) waitForCart(ctx context.Context, pos commands.Result[cart.Event]) error {
	return s.waitForReadModel(ctx, cartrm.Name, pos.Position)
}

func (s *Server) cartNow() time.Time {
	if s.deps.Cart.Now != nil {
		return s.deps.Cart.Now()
	}
	return time.Now()
}

var errDepartureInvalid = func() error {
	v := &domain.ValidationError{}
	v.Add("departure", "cart.departure_invalid")
	return v
}()

// departure reads the optional ?departure= (RFC 3339, or "2006-01-02T15:04" on Cairo's clock).
func (s *Server) departure(r *http.Request) (time.Time, error) {
	q := s.deps.Cart.Quotes
	raw := strings.TrimSpace(r.URL.Query().Get("departure"))
	if raw == "" {
		return q.DefaultDeparture(s.cartNow()), nil
	}
	if t, err := time.Parse(time.RFC3339, raw); err == nil {
		return t.In(q.Location), nil
	}
	for _, layout := range []string{"2006-01-02T15:04", "2006-01-02 15:04", "2006-01-02T15:04:05"} {
		if t, err := time.ParseInLocation(layout, raw, q.Location); err == nil {
			return t, nil
		}
	}
	return time.Time{}, errDepartureInvalid
}

// quoteCart reads the user's cart and prices it.
func (s *Server) quoteCart(r *http.Request) (cartJSON, error) {
	departure, err := s.departure(r)
	if err != nil {
		return cartJSON{}, err
	}
	v, err := s.deps.Cart.Carts.Cart(r.Context(), s.cartUser(r))
	if err != nil {
		return cartJSON{}, err
	}
	q, err := s.deps.Cart.Quotes.Quote(r.Context(), v, departure)
	if err != nil {
		return cartJSON{}, err
	}
	return toCartJSON(q, httpx.Lang(r)), nil
}

// answerCart answers status with the cart after a change, and a message.
func (s *Server) answerCart(w http.ResponseWriter, r *http.Request, res cartcmd.Result, status int, messageKey string, args ...any) {
	if err := s.waitForCart(r.Context(), res); err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	body, err := s.quoteCart(r)
	if err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	body.Message = i18n.T(httpx.Lang(r), messageKey, args...)
	httpx.WriteJSON(w, status, body)
}

// ---- GET api/auth/cart ----

var destinationIDsParam = regexp.MustCompile(`^destination_ids(?:\[(\d*)\])?$`)

// cookieIDs reads the client's cookie mirror: destination_ids[]=a&destination_ids[]=b (index = order
// sent), destination_ids[3]=c (index 3) or destination_ids=a,b.
func cookieIDs(r *http.Request) (ids []string, indexes []int) {
	type entry struct {
		index int
		id    string
	}
	var entries []entry
	next := 0
	// Query keys in the order sent: url.Values loses it, so walk the raw query.
	for _, part := range strings.Split(r.URL.RawQuery, "&") {
		k, v, _ := strings.Cut(part, "=")
		key, err1 := url.QueryUnescape(k)
		val, err2 := url.QueryUnescape(v)
		if err1 != nil || err2 != nil {
			continue
		}
		m := destinationIDsParam.FindStringSubmatch(key)
		if m == nil {
			continue
		}
		switch {
		case strings.HasSuffix(key, "[]"):
			entries = append(entries, entry{next, val})
			next++
		case m[1] != "":
			i, err := strconv.Atoi(m[1])
			if err == nil {
				entries = append(entries, entry{i, val})
				next = max(next, i+1)
			}
		default:
			for _, id := range strings.Split(val, ",") {
				if id = strings.TrimSpace(id); id != "" {
					entries = append(entries, entry{next, id})
					next++
				}
			}
		}
	}
	sort.SliceStable(entries, func(i, j int) bool { return entries[i].index < entries[j].index })
	for _, e := range entries {
		ids, indexes = append(ids, strings.TrimSpace(e.id)), append(indexes, e.index)
	}
	return ids, indexes
}

// getCart answers the user's cart priced for every active rate plan. With the client's cookie
// mirror (destination_ids[]), it first checks every id names a published destination and answers
// 422 with errors keyed destination_ids.{index} for those that do not, so the client drops them.
func (s *Server) getCart(w http.ResponseWriter, r *http.Request) {
	if ids, indexes := cookieIDs(r); len(ids) > 0 {
		found, err := s.deps.Cart.Quotes.Catalogue.Destinations(r.Context(), ids)
		if err != nil {
			httpx.WriteError(w, r, err)
			return
		}
		v := &domain.ValidationError{}
		for i, id := range ids {
			if _, ok := found[id]; !ok {
				v.Add(fmt.Sprintf("destination_ids.%d", indexes[i]), cart.KeyDestinationUnavailable)
			}
		}
		if err := v.Err(); err != nil {
			httpx.WriteError(w, r, err)
			return
		}
	}
	body, err := s.quoteCart(r)
	if err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	httpx.WriteJSON(w, http.StatusOK, body)
}

// ---- POST api/auth/cart ----

// flexString accepts a JSON string or number (a form or an old client may send ids as numbers).
type flexString string

func (f *flexString) UnmarshalJSON(b []byte) error {
	var s string
	if err := json.Unmarshal(b, &s); err == nil {
		*f = flexString(s)
		return nil
	}
	var n json.Number
	if err := json.Unmarshal(b, &n); err != nil {
		return err
	}
	*f = flexString(n.String())
	return nil
}

type addToCartRequest struct {
	DestinationID flexString `json:"destination_id"`
}

type addedItemJSON struct {
	Message string       `json:"message"`
	Data    cartItemJSON `json:"data"`
	Version int64        `json:"version"`
}

func (s *Server) addToCart(w http.ResponseWriter, r *http.Request) {
	var req addToCartRequest
	if err := httpx.DecodeBody(w, r, &req); err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	itemID, res, err := s.deps.Cart.Commands.AddDestination(r.Context(), s.cartUser(r), strings.TrimSpace(string(req.DestinationID)), cartMeta(r))
	if err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	if err := s.waitForCart(r.Context(), res); err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	body, err := s.quoteCart(r)
	if err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	for _, it := range body.Data {
		if it.ID == itemID {
			httpx.WriteJSON(w, http.StatusCreated, addedItemJSON{Message: i18n.T(httpx.Lang(r), "cart.added"), Data: it, Version: body.Version})
			return
		}
	}
	// Removed again between the write and this read (another tab): the add still happened.
	httpx.WriteJSON(w, http.StatusCreated, map[string]any{"message": i18n.T(httpx.Lang(r), "cart.added"), "data": nil, "version": body.Version})
}

// ---- POST api/auth/cart/program ----

type addProgramRequest struct {
	ProgramID flexString `json:"program_id"`
}

func (s *Server) addProgramToCart(w http.ResponseWriter, r *http.Request) {
	var req addProgramRequest
	if err := httpx.DecodeBody(w, r, &req); err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	res, err := s.deps.Cart.Commands.AddProgram(r.Context(), s.cartUser(r), strings.TrimSpace(string(req.ProgramID)), cartMeta(r))
	if err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	added := 0
	for _, e := range res.Events {
		if p, ok := e.(cart.ProgramAddedToCart); ok {
			added += len(p.Added)
		}
	}
	s.answerCart(w, r, res, http.StatusCreated, "cart.program_added", added)
}

// ---- DELETE api/auth/cart/{id}, DELETE api/auth/cart/clear ----

func (s *Server) removeFromCart(w http.ResponseWriter, r *http.Request) {
	res, err := s.deps.Cart.Commands.RemoveItem(r.Context(), s.cartUser(r), mux.Vars(r)["id"], cartMeta(r))
	if err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	s.answerCart(w, r, res, http.StatusOK, "cart.removed")
}

func (s *Server) clearCart(w http.ResponseWriter, r *http.Request) {
	res, err := s.deps.Cart.Commands.Clear(r.Context(), s.cartUser(r), cartMeta(r))
	if err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	s.answerCart(w, r, res, http.StatusOK, "cart.cleared")
}

// ---- PATCH api/auth/cart/items/{id}/move ----

// flexInt accepts a JSON number or a numeric string (forms send strings).
type flexInt struct {
	set   bool
	value int
	ok    bool
}

func (f *flexInt) UnmarshalJSON(b []byte) error {
	f.set = true
	var n json.Number
	if err := json.Unmarshal(b, &n); err != nil {
		var s string
		if err := json.Unmarshal(b, &s); err != nil {
			return nil // not a number: ok stays false and the decider refuses the steps
		}
		n = json.Number(strings.TrimSpace(s))
	}
	v, err := strconv.Atoi(n.String())
	f.value, f.ok = v, err == nil
	return nil
}

type moveRequest struct {
	Direction string  `json:"direction"`
	Steps     flexInt `json:"steps"`
}

func (s *Server) moveCartItem(w http.ResponseWriter, r *http.Request) {
	var req moveRequest
	if err := httpx.DecodeBody(w, r, &req); err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	steps := 1
	if req.Steps.set {
		steps = req.Steps.value
		if !req.Steps.ok {
			steps = 0
		}
	}
	direction := cart.Direction(strings.ToLower(strings.TrimSpace(req.Direction)))
	res, err := s.deps.Cart.Commands.MoveItem(r.Context(), s.cartUser(r), mux.Vars(r)["id"], direction, steps, cartMeta(r))
	if err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	s.answerCart(w, r, res, http.StatusOK, "cart.moved")
}

// ---- PUT api/auth/cart/order ----

type reorderRequest struct {
	ItemIDs []string `json:"item_ids"`
	Reason  string   `json:"reason"`
}

func (s *Server) reorderCart(w http.ResponseWriter, r *http.Request) {
	var req reorderRequest
	if err := httpx.DecodeBody(w, r, &req); err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	if len(req.ItemIDs) == 0 {
		v := &domain.ValidationError{}
		v.Add("item_ids", "cart.item_ids_invalid")
		httpx.WriteError(w, r, v)
		return
	}
	reason := req.Reason
	if reason != "optimised" {
		reason = "manual"
	}
	res, err := s.deps.Cart.Commands.Reorder(r.Context(), s.cartUser(r), req.ItemIDs, reason, cartMeta(r))
	if err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	s.answerCart(w, r, res, http.StatusOK, "cart.reordered")
}

// ---- PUT api/auth/cart/points ----

type pointRequest struct {
	PickupPointID string   `json:"pickup_point_id"`
	Name          string   `json:"name"`
	Lat           *float64 `json:"lat"`
	Lng           *float64 `json:"lng"`
}

type pointsRequest struct {
	Start          *pointRequest `json:"start"`
	End            *pointRequest `json:"end"`
	EndSameAsStart *bool         `json:"end_same_as_start"`
}

func (p *pointRequest) choice() *cartcmd.PointChoice {
	if p == nil {
		return nil
	}
	c := &cartcmd.PointChoice{PickupPointID: strings.TrimSpace(p.PickupPointID), Name: strings.TrimSpace(p.Name), Lat: math.NaN(), Lng: math.NaN()}
	if p.Lat != nil {
		c.Lat = *p.Lat
	}
	if p.Lng != nil {
		c.Lng = *p.Lng
	}
	return c
}

func (s *Server) chooseCartPoints(w http.ResponseWriter, r *http.Request) {
	var req pointsRequest
	if err := httpx.DecodeBody(w, r, &req); err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	same := req.End == nil
	if req.EndSameAsStart != nil {
		same = *req.EndSameAsStart
	}
	res, err := s.deps.Cart.Commands.ChoosePoints(r.Context(), s.cartUser(r), req.Start.choice(), req.End.choice(), same, cartMeta(r))
	if err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	s.answerCart(w, r, res, http.StatusOK, "cart.points_chosen")
}

// ---- POST api/auth/cart/optimise ----

type proposalJSON struct {
	Message string `json:"message"`
	// Improves is false when the current order is already the shortest drive.
	Improves bool `json:"improves"`
	// Order lists every item id in the proposed order: send it to PUT api/auth/cart/order to accept.
	Order        []string `json:"order"`
	SavesMinutes int64    `json:"saves_minutes"`
	SavesKm      float64  `json:"saves_km"`
	Version      int64    `json:"version"`
	Current      cartJSON `json:"current"`
	Proposed     cartJSON `json:"proposed"`
}

// optimiseCart proposes the stop order with the least driving; it changes nothing.
func (s *Server) optimiseCart(w http.ResponseWriter, r *http.Request) {
	departure, err := s.departure(r)
	if err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	v, err := s.deps.Cart.Carts.Cart(r.Context(), s.cartUser(r))
	if err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	p, err := s.deps.Cart.Quotes.Optimise(r.Context(), v, departure)
	if err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	lang := httpx.Lang(r)
	out := proposalJSON{
		Improves: p.Improves, Order: p.Order, Version: v.Version,
		Current: toCartJSON(p.Current, lang), Proposed: toCartJSON(p.Proposed, lang),
	}
	out.SavesMinutes = out.Current.TripCalculations.TotalDuration - out.Proposed.TripCalculations.TotalDuration
	out.SavesKm = math.Round((out.Current.TripCalculations.TotalDistance-out.Proposed.TripCalculations.TotalDistance)*10) / 10
	if p.Improves {
		out.Message = i18n.T(lang, "cart.optimised", max(out.SavesMinutes, 1))
	} else {
		out.Message = i18n.T(lang, "cart.already_optimal")
	}
	httpx.WriteJSON(w, http.StatusOK, out)
}
