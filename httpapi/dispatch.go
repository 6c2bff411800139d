package httpapi

import (
	"context"
	"errors"
	"net/http"
	"strings"
	"time"

	"github.com/google/uuid"
	"github.com/gorilla/mux"

	"mishwar/adapters/ratelimit"
	"mishwar/commands"
	dispatchcmd "mishwar/commands/dispatch"
	"mishwar/domain"
	"mishwar/domain/availability"
	cat "mishwar/domain/catalogue"
	"mishwar/domain/dispatch"
	"mishwar/domain/order"
	"mishwar/eventstore"
	"mishwar/httpapi/httpx"
	catrm "mishwar/projections/catalogue"
	dispatchrm "mishwar/projections/dispatch"
	ordersrm "mishwar/projections/orders"
)

// The dispatch API: the operator's trips board by day with driver assignment and driver accounts, the
// driver's own trips and their big "next step" button, and the traveller's view of their trip's
// progress (by trip number and e-mail, like the trip status lookup, or signed in as its owner).

// DispatchDeps is what the dispatch routes need (nil in Deps: not mounted).
type DispatchDeps struct {
	Commands  *dispatchcmd.Handlers
	Reader    *dispatchrm.Reader
	Catalogue *catrm.Reader
	// Orders proves a trip number and e-mail, and tells whose an order is.
	Orders *ordersrm.Reader
	// Limiter bounds progress lookups by trip number and e-mail per client address.
	Limiter *ratelimit.Limiter
}

// TripProgressRule bounds progress lookups by trip number and e-mail, like the trip status lookup.
var TripProgressRule = ratelimit.Rule{Name: "tripprogress", Limit: 30, Period: 10 * time.Minute}

func (s *Server) dispatchRoutes(api *mux.Router) {
	if s.deps.Dispatch == nil {
		return
	}
	api.HandleFunc("/admin/trips", httpx.RequireRole(s.tripsBoard, httpx.RoleAdmin, httpx.RoleSupport)).Methods(http.MethodGet)
	api.HandleFunc("/admin/trips/{orderID}/driver", httpx.RequireRole(s.assignDriver, httpx.RoleAdmin)).Methods(http.MethodPost)
	api.HandleFunc("/admin/trips/{orderID}/driver", httpx.RequireRole(s.unassignDriver, httpx.RoleAdmin)).Methods(http.MethodDelete)
	api.HandleFunc("/admin/drivers/{driverID}/account", httpx.RequireRole(s.linkDriverAccount, httpx.RoleAdmin)).Methods(http.MethodPut)
	api.HandleFunc("/driver/trips", httpx.RequireRole(s.driverTrips, httpx.RoleDriver)).Methods(http.MethodGet)
	api.HandleFunc("/driver/trips/{orderID}/progress", httpx.RequireRole(s.driverProgress, httpx.RoleDriver)).Methods(http.MethodPost)
	api.HandleFunc("/trips/{tripNumber}/progress", s.tripProgress).Methods(http.MethodGet)
	api.HandleFunc("/orders/{id}/progress", httpx.RequireUser(s.myTripProgress)).Methods(http.MethodGet)
}

var dispatchIdempotencyNamespace = uuid.MustParse("0b7e4f52-3f0e-4c8a-a6a9-5d1c2e9f7a31")

// dispatchMeta is the command metadata of a request; an Idempotency-Key makes a retry the same command.
func dispatchMeta(r *http.Request) commands.Meta {
	id, _ := httpx.CurrentIdentity(r)
	m := commands.NewMeta(commands.Actor{UserID: id.UserID, Role: id.Role})
	if key := strings.TrimSpace(r.Header.Get("Idempotency-Key")); key != "" {
		m.CommandID = uuid.NewSHA1(dispatchIdempotencyNamespace, []byte(id.UserID+"\x00"+r.Method+" "+r.URL.Path+"\x00"+key))
		m.CorrelationID = m.CommandID.String()
	}
	m.ClientIP = httpx.ClientIP(r)
	return m
}

func (s *Server) waitForDispatch(ctx context.Context, pos eventstore.Position) error {
	return s.waitForReadModel(ctx, dispatchrm.Name, pos)
}

// boardDriver is a driver as the board offers them for a day.
type boardDriver struct {
	ID           string `json:"id"`
	Name         string `json:"name"`
	Phone        string `json:"phone"`
	Vehicle      string `json:"vehicle"`
	Plate        string `json:"plate"`
	TripsPerDay  int    `json:"trips_per_day"`
	WorksThatDay bool   `json:"works_that_day"`
	Trips        int    `json:"trips"`
	AccountEmail string `json:"account_email,omitempty"`
}

func cairoToday() string { return time.Now().In(cat.Cairo).Format(time.DateOnly) }

func (s *Server) tripsBoard(w http.ResponseWriter, r *http.Request) {
	date := strings.TrimSpace(r.URL.Query().Get("date"))
	if date == "" {
		date = cairoToday()
	}
	day, err := availability.ParseDay(date)
	if err != nil {
		v := &domain.ValidationError{}
		v.Add("date", "dispatch.date_invalid")
		httpx.WriteError(w, r, v)
		return
	}
	ctx := r.Context()
	trips, err := s.deps.Dispatch.Reader.Board(ctx, string(day))
	if err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	drivers, err := s.deps.Dispatch.Catalogue.ActiveDrivers(ctx)
	if err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	links, err := s.deps.Dispatch.Reader.DriverAccounts(ctx)
	if err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	t, _ := day.Time(cat.Cairo)
	count := map[string]int{}
	for _, tr := range trips {
		if tr.Driver != nil {
			count[tr.Driver.ID]++
		}
	}
	list := make([]boardDriver, 0, len(drivers))
	for _, d := range drivers {
		id := d.ID.String()
		list = append(list, boardDriver{ID: id, Name: d.Name.In(string(httpx.Lang(r))), Phone: d.Phone, Vehicle: d.Vehicle.In(string(httpx.Lang(r))), Plate: d.Plate,
			TripsPerDay: max(d.TripsPerDay, 1), WorksThatDay: d.WorksOn(t.Weekday()), Trips: count[id], AccountEmail: links[id].Email})
	}
	httpx.WriteJSON(w, http.StatusOK, map[string]any{"data": trips, "drivers": list, "date": string(day)})
}

func (s *Server) answerTrip(w http.ResponseWriter, r *http.Request, orderID string, pos eventstore.Position) {
	if err := s.waitForDispatch(r.Context(), pos); err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	tr, err := s.deps.Dispatch.Reader.Trip(r.Context(), orderID)
	if err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	httpx.WriteJSON(w, http.StatusOK, map[string]any{"data": tr})
}

func tripNumberVar(r *http.Request, name string) (string, error) {
	num, ok := order.NormalizeTripNumber(mux.Vars(r)[name])
	if !ok {
		return "", order.ErrOrderNotFound
	}
	return num, nil
}

func (s *Server) assignDriver(w http.ResponseWriter, r *http.Request) {
	orderID, err := tripNumberVar(r, "orderID")
	if err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	var req struct {
		DriverID string `json:"driver_id"`
	}
	if err := httpx.DecodeBody(w, r, &req); err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	if strings.TrimSpace(req.DriverID) == "" {
		v := &domain.ValidationError{}
		v.Add("driver_id", order.KeyRequired)
		httpx.WriteError(w, r, v)
		return
	}
	out, err := s.deps.Dispatch.Commands.AssignDriver(r.Context(), orderID, strings.TrimSpace(req.DriverID), dispatchMeta(r))
	if err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	s.answerTrip(w, r, orderID, out.Position)
}

func (s *Server) unassignDriver(w http.ResponseWriter, r *http.Request) {
	orderID, err := tripNumberVar(r, "orderID")
	if err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	out, err := s.deps.Dispatch.Commands.UnassignDriver(r.Context(), orderID, strings.TrimSpace(r.URL.Query().Get("reason")), dispatchMeta(r))
	if err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	s.answerTrip(w, r, orderID, out.Position)
}

func (s *Server) linkDriverAccount(w http.ResponseWriter, r *http.Request) {
	var req struct {
		Email string `json:"email"`
	}
	if err := httpx.DecodeBody(w, r, &req); err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	if strings.TrimSpace(req.Email) == "" {
		v := &domain.ValidationError{}
		v.Add("email", order.KeyRequired)
		httpx.WriteError(w, r, v)
		return
	}
	driverID := mux.Vars(r)["driverID"]
	out, err := s.deps.Dispatch.Commands.LinkAccount(r.Context(), driverID, req.Email, dispatchMeta(r))
	if err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	if err := s.waitForDispatch(r.Context(), out.Position); err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	httpx.WriteJSON(w, http.StatusOK, map[string]any{"data": map[string]string{"driver_id": driverID, "email": strings.ToLower(strings.TrimSpace(req.Email))}})
}

func (s *Server) driverTrips(w http.ResponseWriter, r *http.Request) {
	id, _ := httpx.CurrentIdentity(r)
	from := cairoToday()
	if d, err := availability.ParseDay(r.URL.Query().Get("from")); err == nil {
		from = string(d)
	}
	trips, err := s.deps.Dispatch.Reader.DriverTrips(r.Context(), id.UserID, from, 50)
	if err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	httpx.WriteJSON(w, http.StatusOK, map[string]any{"data": trips})
}

func (s *Server) driverProgress(w http.ResponseWriter, r *http.Request) {
	orderID, err := tripNumberVar(r, "orderID")
	if err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	var req struct {
		Step string `json:"step"`
		Stop int    `json:"stop"`
	}
	if err := httpx.DecodeBody(w, r, &req); err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	out, err := s.deps.Dispatch.Commands.Advance(r.Context(), orderID, strings.TrimSpace(req.Step), req.Stop, dispatchMeta(r))
	if err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	s.answerTrip(w, r, orderID, out.Position)
}

// progressJSON is what a traveller sees of their trip's progress: no customer details, no owner.
type progressJSON struct {
	OrderID string            `json:"order_id"`
	Status  dispatch.Status   `json:"status"`
	Stop    int               `json:"stop"`
	Stops   []string          `json:"stops"`
	Steps   []dispatchrm.Step `json:"steps"`
	Driver  *progressDriver   `json:"driver,omitempty"`
	Version int64             `json:"version"`
}

type progressDriver struct {
	Name    string `json:"name"`
	Phone   string `json:"phone"`
	Vehicle string `json:"vehicle"`
	Plate   string `json:"plate"`
}

func (s *Server) progressOf(ctx context.Context, orderID string, stops []string) (progressJSON, error) {
	tr, err := s.deps.Dispatch.Reader.Trip(ctx, orderID)
	if err != nil {
		if domain.KindOf(err) == domain.KindNotFound {
			return progressJSON{OrderID: orderID, Status: dispatch.StatusUnassigned, Stops: stops, Steps: []dispatchrm.Step{}, Version: -1}, nil
		}
		return progressJSON{}, err
	}
	p := progressJSON{OrderID: tr.OrderID, Status: tr.Status, Stop: tr.Stop, Stops: tr.Stops, Steps: tr.Steps, Version: tr.Version}
	if tr.Driver != nil {
		p.Driver = &progressDriver{Name: tr.Driver.Name, Phone: tr.Driver.Phone, Vehicle: tr.Driver.Vehicle, Plate: tr.Driver.Plate}
	}
	return p, nil
}

func stopNames(o *ordersrm.Order) []string {
	if o == nil {
		return []string{}
	}
	out := make([]string, len(o.Trip.Itinerary.Stops))
	for i, st := range o.Trip.Itinerary.Stops {
		out[i] = st.NameEN
	}
	return out
}

// tripProgress answers a trip's progress to whoever proves its trip number and e-mail.
func (s *Server) tripProgress(w http.ResponseWriter, r *http.Request) {
	if s.deps.Dispatch.Limiter != nil {
		if err := s.deps.Dispatch.Limiter.Take(r.Context(), TripProgressRule, httpx.ClientIP(r)); err != nil {
			var rl *ratelimit.RateLimitError
			if errors.As(err, &rl) {
				httpx.WriteError(w, r, &httpx.RetryAfterError{After: rl.After})
				return
			}
			httpx.WriteError(w, r, err)
			return
		}
	}
	ts, err := s.deps.Dispatch.Orders.LookupTrip(r.Context(), mux.Vars(r)["tripNumber"], r.URL.Query().Get("email"))
	if err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	p, err := s.progressOf(r.Context(), ts.TripNumber, stopNames(ts.Order))
	if err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	httpx.WriteJSON(w, http.StatusOK, map[string]any{"data": p})
}

// myTripProgress answers the progress of the signed-in user's own order (404 for anyone else's).
func (s *Server) myTripProgress(w http.ResponseWriter, r *http.Request) {
	id, _ := httpx.CurrentIdentity(r)
	num, ok := order.NormalizeTripNumber(mux.Vars(r)["id"])
	if !ok {
		httpx.WriteError(w, r, order.ErrOrderNotFound)
		return
	}
	o, err := s.deps.Dispatch.Orders.Order(r.Context(), num)
	if err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	if o.UserID == "" || o.UserID != id.UserID {
		httpx.WriteError(w, r, order.ErrOrderNotFound)
		return
	}
	p, err := s.progressOf(r.Context(), num, stopNames(&o))
	if err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	httpx.WriteJSON(w, http.StatusOK, map[string]any{"data": p})
}
