// Package dispatch is the dispatch API: the operator's trips board by day with driver assignment and
// driver accounts, the driver's own trips and their big "next step" button, and the traveller's view
// of their trip's progress (by trip number and e-mail, like the trip status lookup, or signed in as
// its owner). It decodes, calls the dispatch application (commands/dispatch) and encodes.
package dispatch

import (
	"errors"
	"net/http"
	"strconv"
	"strings"

	"github.com/gorilla/mux"

	appdispatch "mishwar/commands/dispatch"
	"mishwar/domain"
	"mishwar/domain/account"
	"mishwar/domain/dispatch"
	"mishwar/domain/order"
	"mishwar/eventstore"
	"mishwar/httpapi/httpx"
)

// Config is what the dispatch API needs besides its application.
type Config struct {
	// Idempotency keeps the answers to Idempotency-Keys of the command routes.
	Idempotency httpx.IdempotencyStore
	// ReadModels lets a command answer after the dispatch read model has seen its write.
	ReadModels httpx.ReadModels
	// Invite gives a driver a sign-in account by e-mail (the accounts application's InviteDriver).
	// Nil: the invitation route answers 404.
	Invite Inviter
}

// Handler is the dispatch API.
type Handler struct {
	app appdispatch.Application
	cfg Config
}

// New returns the dispatch routes over their application.
func New(app appdispatch.Application, cfg Config) *Handler { return &Handler{app: app, cfg: cfg} }

// Routes mounts the board, the driver's screens and the progress views.
func (h *Handler) Routes(api *mux.Router) {
	keyed := func(f http.HandlerFunc) http.HandlerFunc {
		return httpx.Idempotent(h.cfg.Idempotency, nil)(f).ServeHTTP
	}
	staff := func(f http.HandlerFunc) http.HandlerFunc {
		return httpx.RequireRole(f, httpx.RoleAdmin, httpx.RoleSupport)
	}
	admin := func(f http.HandlerFunc) http.HandlerFunc { return httpx.RequireRole(keyed(f), httpx.RoleAdmin) }
	driver := func(f http.HandlerFunc) http.HandlerFunc { return httpx.RequireRole(f, httpx.RoleDriver) }

	api.HandleFunc("/admin/trips", staff(h.board)).Methods(http.MethodGet)
	api.HandleFunc("/admin/manifest", staff(h.manifest)).Methods(http.MethodGet)
	api.HandleFunc("/admin/planner", staff(h.planner)).Methods(http.MethodGet)
	api.HandleFunc("/admin/trips/{orderID}/driver", admin(h.assignDriver)).Methods(http.MethodPost)
	api.HandleFunc("/admin/trips/{orderID}/driver", admin(h.unassignDriver)).Methods(http.MethodDelete)
	api.HandleFunc("/admin/trips/{orderID}/handover", admin(h.handOverTrip)).Methods(http.MethodPost)
	api.HandleFunc("/admin/drivers/{driverID}/account", admin(h.linkDriverAccount)).Methods(http.MethodPut)
	api.HandleFunc("/admin/drivers/{driverID}/invitation", admin(h.inviteDriver)).Methods(http.MethodPost)
	api.HandleFunc("/driver/trips", driver(h.driverTrips)).Methods(http.MethodGet)
	api.HandleFunc("/driver/trips/{orderID}/progress", driver(keyed(h.advance))).Methods(http.MethodPost)
	api.HandleFunc("/trips/{tripNumber}/progress", h.tripProgress).Methods(http.MethodPost)
	api.HandleFunc("/orders/{id}/progress", httpx.RequireUser(h.myTripProgress)).Methods(http.MethodGet)
}

// answerTrip answers with the trip as the read model shows it once it has seen pos (the command's
// own write).
func (h *Handler) answerTrip(w http.ResponseWriter, r *http.Request, orderID string, pos eventstore.Position) {
	if err := httpx.WaitForReadModel(r.Context(), h.cfg.ReadModels, appdispatch.ReadModel, pos); err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	tr, err := h.app.Queries.Trip.Handle(r.Context(), orderID)
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

func required(field string) error {
	v := &domain.ValidationError{}
	v.Add(field, order.KeyRequired)
	return v
}

// writeError answers err, turning a spent rate limit into 429 with Retry-After.
func writeError(w http.ResponseWriter, r *http.Request, err error) {
	var rl *account.RateLimited
	if errors.As(err, &rl) {
		err = &httpx.RetryAfterError{After: rl.After}
	}
	httpx.WriteError(w, r, err)
}

// driverRequest is the body of a request that gives a trip to a driver: an assignment, or a
// hand-over of a trip on the road (which says why).
type driverRequest struct {
	DriverID string `json:"driver_id"`
	// Reason is why a trip on the road goes to another driver (a hand-over's; required there).
	Reason string `json:"reason"`
	// OverrideVehicle is staff's reason to send a car that does not fit the order anyway.
	OverrideVehicle string `json:"override_vehicle"`
}

func (h *Handler) assignDriver(w http.ResponseWriter, r *http.Request) {
	h.giveToDriver(w, r, func(orderID string, req driverRequest) (appdispatch.Outcome, error) {
		return h.app.Commands.AssignDriverOverridingVehicle(r.Context(), orderID, req.DriverID, req.OverrideVehicle, httpx.Meta(r))
	})
}

// handOverTrip gives a trip on the road to another driver, saying why.
func (h *Handler) handOverTrip(w http.ResponseWriter, r *http.Request) {
	h.giveToDriver(w, r, func(orderID string, req driverRequest) (appdispatch.Outcome, error) {
		return h.app.Commands.HandOverTrip(r.Context(), orderID, req.DriverID, req.Reason, req.OverrideVehicle, httpx.Meta(r))
	})
}

// giveToDriver decodes a driverRequest for the trip in the path, runs give and answers with the trip
// (or with the seats a car lacks, for staff's override).
func (h *Handler) giveToDriver(w http.ResponseWriter, r *http.Request, give func(orderID string, req driverRequest) (appdispatch.Outcome, error)) {
	orderID, err := tripNumberVar(r, "orderID")
	if err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	var req driverRequest
	if err := httpx.DecodeBody(w, r, &req); err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	if req.DriverID = strings.TrimSpace(req.DriverID); req.DriverID == "" {
		httpx.WriteError(w, r, required("driver_id"))
		return
	}
	out, err := give(orderID, req)
	var small *dispatch.CarTooSmall
	if errors.As(err, &small) {
		writeCarTooSmall(w, r, small)
		return
	}
	if err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	h.answerTrip(w, r, orderID, out.Position)
}

// writeCarTooSmall answers a car that does not fit the order: 422 with the reason in the reader's
// language and, under "vehicle", the car's seats and the order's need, which the staff's override
// confirmation says.
func writeCarTooSmall(w http.ResponseWriter, r *http.Request, small *dispatch.CarTooSmall) {
	type seats struct {
		Seats       int  `json:"seats"`
		Needed      int  `json:"needed"`
		Overridable bool `json:"overridable"`
	}
	httpx.WriteJSON(w, http.StatusUnprocessableEntity, struct {
		Message string `json:"message"`
		Vehicle seats  `json:"vehicle"`
	}{httpx.Say(httpx.Lang(r), small.Reason.Key, small.Reason.Args...), seats{Seats: small.Seats, Needed: small.Needed, Overridable: true}})
}

func (h *Handler) unassignDriver(w http.ResponseWriter, r *http.Request) {
	orderID, err := tripNumberVar(r, "orderID")
	if err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	out, err := h.app.Commands.UnassignDriver(r.Context(), orderID, strings.TrimSpace(r.URL.Query().Get("reason")), httpx.Meta(r))
	if err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	h.answerTrip(w, r, orderID, out.Position)
}

// linkDriverAccount answers PUT /api/admin/drivers/{driverID}/account. If-Match is the version of the
// driver's link the form was loaded at (the board's account_version; "-1" before any link): another
// admin's link since is a 409 (common.concurrent_change) and nothing changes. Optional, like the
// catalogue's edits: none, or "*", links over whatever is there.
func (h *Handler) linkDriverAccount(w http.ResponseWriter, r *http.Request) {
	expected, req, ok := accountRequest(w, r)
	if !ok {
		return
	}
	driverID := mux.Vars(r)["driverID"]
	out, err := h.app.Commands.LinkAccount(r.Context(), driverID, req.Email, expected, httpx.Meta(r))
	if err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	if err := httpx.WaitForReadModel(r.Context(), h.cfg.ReadModels, appdispatch.ReadModel, out.Position); err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	httpx.WriteJSON(w, http.StatusOK, map[string]any{"data": map[string]string{"driver_id": driverID, "email": account.NormalizeEmail(req.Email)}})
}

func (h *Handler) advance(w http.ResponseWriter, r *http.Request) {
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
	out, err := h.app.Commands.Advance(r.Context(), orderID, strings.TrimSpace(req.Step), req.Stop, httpx.Meta(r))
	if errors.Is(err, dispatch.ErrNoSuchStop) {
		// The request's own field is wrong: say which, as every other 422 does.
		v := &domain.ValidationError{}
		v.Add("stop", dispatch.ErrNoSuchStop.Key)
		err = v
	}
	if err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	h.answerTrip(w, r, orderID, out.Position)
}

// ifMatch reads If-Match as a version (nil when absent or "*"); ok is false when it names none (not a
// whole number from -1, quoted or not): a 400, not a 409 that would say someone else changed it.
// accountEmail is a request about a driver's sign-in account: the e-mail it names.
type accountEmail struct {
	Email string `json:"email"`
}

// accountRequest reads a request about a driver's account (a link or an invitation): its If-Match
// and its e-mail, which is required. ok is false when it has answered the refusal itself.
func accountRequest(w http.ResponseWriter, r *http.Request) (expected *int64, req accountEmail, ok bool) {
	expected, ok = ifMatch(r)
	if !ok {
		httpx.WriteMessage(w, r, http.StatusBadRequest, "catalogue.bad_if_match")
		return nil, req, false
	}
	if err := httpx.DecodeBody(w, r, &req); err != nil {
		httpx.WriteError(w, r, err)
		return nil, req, false
	}
	if strings.TrimSpace(req.Email) == "" {
		httpx.WriteError(w, r, required("email"))
		return nil, req, false
	}
	return expected, req, true
}

func ifMatch(r *http.Request) (v *int64, ok bool) {
	match := strings.Trim(r.Header.Get("If-Match"), `" `)
	if match == "" || match == "*" {
		return nil, true
	}
	n, err := strconv.ParseInt(match, 10, 64)
	if err != nil || n < -1 {
		return nil, false
	}
	return &n, true
}
