package dispatch

import (
	"net/http"

	"github.com/gorilla/mux"

	appdispatch "mishwar/commands/dispatch"
	"mishwar/domain/dispatch"
	"mishwar/httpapi/httpx"
)

// boardDriverJSON is a driver as the board offers them for a day.
type boardDriverJSON struct {
	ID           string `json:"id"`
	Name         string `json:"name"`
	Phone        string `json:"phone"`
	Vehicle      string `json:"vehicle"`
	Plate        string `json:"plate"`
	TripsPerDay  int    `json:"trips_per_day"`
	WorksThatDay bool   `json:"works_that_day"`
	Trips        int    `json:"trips"`
	AccountEmail string `json:"account_email,omitempty"`
	// AccountVersion is what linking the driver to an account sends as If-Match (-1: never linked).
	AccountVersion int64 `json:"account_version"`
}

func (h *Handler) board(w http.ResponseWriter, r *http.Request) {
	b, err := h.app.Queries.Board.Handle(r.Context(), r.URL.Query().Get("date"), string(httpx.Lang(r)))
	if err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	drivers := make([]boardDriverJSON, len(b.Drivers))
	for i, d := range b.Drivers {
		drivers[i] = boardDriverJSON(d)
	}
	httpx.WriteJSON(w, http.StatusOK, map[string]any{"data": b.Trips, "drivers": drivers, "date": string(b.Day)})
}

func (h *Handler) driverTrips(w http.ResponseWriter, r *http.Request) {
	id, _ := httpx.CurrentIdentity(r)
	trips, err := h.app.Queries.DriverTrips.Handle(r.Context(), id.UserID, r.URL.Query().Get("from"))
	if err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	httpx.WriteJSON(w, http.StatusOK, map[string]any{"data": trips})
}

// progressJSON is what a traveller sees of their trip's progress: no customer details, no owner.
type progressJSON struct {
	OrderID string          `json:"order_id"`
	Status  dispatch.Status `json:"status"`
	Stop    int             `json:"stop"`
	Stops   []string        `json:"stops"`
	Steps   any             `json:"steps"`
	Driver  *progressDriver `json:"driver,omitempty"`
	Class   any             `json:"class,omitempty"`
	Version int64           `json:"version"`
	// DriverTurn changes when the trip changes hands; the driver's id is never the traveller's.
	DriverTurn int `json:"driver_turn"`
}

type progressDriver struct {
	Name      string `json:"name"`
	NameAR    string `json:"name_ar,omitempty"`
	Phone     string `json:"phone"`
	Vehicle   string `json:"vehicle"`
	VehicleAR string `json:"vehicle_ar,omitempty"`
	Plate     string `json:"plate"`
}

// toProgressJSON names the stops in lang: Arabic where the order recorded it, English elsewhere.
func toProgressJSON(p appdispatch.Progress, lang string) progressJSON {
	out := progressJSON{OrderID: p.OrderID, Status: p.Status, Stop: p.Stop, Stops: p.Stops, Steps: p.Steps, Version: p.Version, DriverTurn: p.DriverTurn}
	if lang == "ar" {
		out.Stops = make([]string, len(p.Stops))
		for i, name := range p.Stops {
			if out.Stops[i] = name; i < len(p.StopsAR) && p.StopsAR[i] != "" {
				out.Stops[i] = p.StopsAR[i]
			}
		}
		// A step at a stop ("arrived at …") names it as the strip does: the event recorded the English
		// name only; the stop's number finds its Arabic one among the order's stops. A driver is named
		// in Arabic where the catalogue had the name when they were assigned.
		steps := append(p.Steps[:0:0], p.Steps...)
		for i, s := range steps {
			if s.Stop > 0 && s.Stop <= len(p.StopsAR) && p.StopsAR[s.Stop-1] != "" {
				steps[i].Name = p.StopsAR[s.Stop-1]
			}
			if s.DriverAR != "" {
				steps[i].Driver = s.DriverAR
			}
		}
		out.Steps = steps
	}
	if p.Class != nil {
		out.Class = p.Class
	}
	if p.Driver != nil {
		d := progressDriver(*p.Driver)
		out.Driver = &d
	}
	return out
}

// tripProgressRequest proves a trip by the e-mail it was booked with. A POST body, like /tripstatus's,
// so the e-mail stays out of addresses that proxies, browser history and access logs keep.
type tripProgressRequest struct {
	Email string `json:"email"`
}

// tripProgress answers POST /api/trips/{tripNumber}/progress: a trip's progress to whoever proves its
// trip number and e-mail.
func (h *Handler) tripProgress(w http.ResponseWriter, r *http.Request) {
	var req tripProgressRequest
	if err := httpx.DecodeBody(w, r, &req); err != nil {
		writeError(w, r, err)
		return
	}
	p, err := h.app.Queries.Progress.ByTripNumber(r.Context(), mux.Vars(r)["tripNumber"], req.Email, httpx.ClientIP(r))
	if err != nil {
		writeError(w, r, err)
		return
	}
	httpx.WriteJSON(w, http.StatusOK, map[string]any{"data": toProgressJSON(p, string(httpx.Lang(r)))})
}

// myTripProgress answers the progress of the signed-in user's own order (404 for anyone else's).
func (h *Handler) myTripProgress(w http.ResponseWriter, r *http.Request) {
	id, _ := httpx.CurrentIdentity(r)
	p, err := h.app.Queries.Progress.OfOwnOrder(r.Context(), id.UserID, mux.Vars(r)["id"])
	if err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	httpx.WriteJSON(w, http.StatusOK, map[string]any{"data": toProgressJSON(p, string(httpx.Lang(r)))})
}

type plannerDriverJSON struct {
	ID          string `json:"id"`
	Name        string `json:"name"`
	Vehicle     string `json:"vehicle"`
	Plate       string `json:"plate"`
	Seats       int    `json:"seats"`
	TripsPerDay int    `json:"trips_per_day"`
	Works       []bool `json:"works"`
	HasAccount  bool   `json:"has_account"`
}

// planner answers the week planner: GET /api/admin/planner?from=YYYY-MM-DD (seven Cairo days from
// there, today without one).
func (h *Handler) planner(w http.ResponseWriter, r *http.Request) {
	wk, err := h.app.Queries.Planner.Handle(r.Context(), r.URL.Query().Get("from"), string(httpx.Lang(r)))
	if err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	drivers := make([]plannerDriverJSON, len(wk.Drivers))
	for i, d := range wk.Drivers {
		drivers[i] = plannerDriverJSON(d)
	}
	httpx.WriteJSON(w, http.StatusOK, map[string]any{"data": map[string]any{"days": wk.Days, "previous": wk.Previous, "next": wk.Next,
		"drivers": drivers, "trips": wk.Trips}})
}
