package httpapi

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/gorilla/mux"
	"github.com/jackc/pgx/v5"

	"mishwar/commands"
	"mishwar/domain"
	"mishwar/domain/order"
	"mishwar/eventstore"
	"mishwar/httpapi/httpx"
	"mishwar/projections"
	ordersrm "mishwar/projections/orders"
)

// The support console's API: any stream's events with their metadata, an order's history with its
// state folded up to any version (time travel through the order's own decider), order search, and
// read-model rebuilds with progress pushed to the admin room. Support staff settle disputes with the
// admin order endpoints (cancel, refund), which they may call; nothing here changes an order.

// SupportDeps is what the support routes need (nil in Deps: not mounted).
type SupportDeps struct {
	Registry *eventstore.Registry
	Runner   *commands.Runner
	Orders   *ordersrm.Reader
	// Projections are the read models that can be rebuilt, by name.
	Projections []projections.Projection
}

// Support errors.
var (
	ErrStreamNotFound      = domain.NotFound("support.stream_not_found")
	ErrProjectionNotFound  = domain.NotFound("support.projection_not_found")
	ErrRebuildAlreadyRuns  = domain.Conflict("support.rebuild_running")
	errHistoryVersionField = "support.version_invalid"
)

// EventRebuildProgress is the live event (admin room) of a rebuild's progress.
const EventRebuildProgress = "projection.rebuild"

func (s *Server) supportRoutes(api *mux.Router) {
	if s.deps.Support == nil {
		return
	}
	staff := func(h http.HandlerFunc) http.HandlerFunc {
		return httpx.RequireRole(h, httpx.RoleAdmin, httpx.RoleSupport)
	}
	api.HandleFunc("/support/streams/{stream}", staff(s.supportStream)).Methods(http.MethodGet)
	api.HandleFunc("/support/orders", staff(s.supportSearch)).Methods(http.MethodGet)
	api.HandleFunc("/support/orders/{id}/history", staff(s.supportHistory)).Methods(http.MethodGet)
	api.HandleFunc("/admin/projections/{name}/rebuild", staff(s.rebuildProjection)).Methods(http.MethodPost)
}

// recordedJSON is one stored event as support reads it.
type recordedJSON struct {
	ID            string              `json:"id"`
	Stream        string              `json:"stream"`
	Type          string              `json:"type"`
	SchemaVersion int                 `json:"schema_version"`
	Version       int64               `json:"version"`
	Position      eventstore.Position `json:"position"`
	RecordedAt    time.Time           `json:"recorded_at"`
	Data          json.RawMessage     `json:"data"`
	Metadata      eventstore.Metadata `json:"metadata"`
}

func toRecordedJSON(rec eventstore.RecordedEvent) recordedJSON {
	data := rec.Data
	if len(data) == 0 {
		data = json.RawMessage("null")
	}
	return recordedJSON{ID: rec.ID.String(), Stream: rec.StreamID, Type: rec.Type, SchemaVersion: rec.SchemaVersion, Version: rec.Version,
		Position: rec.Position, RecordedAt: rec.RecordedAt.UTC(), Data: data, Metadata: rec.Metadata}
}

func (s *Server) readStream(ctx context.Context, stream string) ([]eventstore.RecordedEvent, error) {
	recs, err := s.deps.Store.ReadStream(ctx, stream, 0)
	if errors.Is(err, eventstore.ErrStreamNotFound) {
		return nil, ErrStreamNotFound
	}
	return recs, err
}

func (s *Server) supportStream(w http.ResponseWriter, r *http.Request) {
	recs, err := s.readStream(r.Context(), mux.Vars(r)["stream"])
	if err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	out := make([]recordedJSON, len(recs))
	for i, rec := range recs {
		out[i] = toRecordedJSON(rec)
	}
	httpx.WriteJSON(w, http.StatusOK, map[string]any{"data": out})
}

func (s *Server) supportSearch(w http.ResponseWriter, r *http.Request) {
	q := strings.TrimSpace(r.URL.Query().Get("q"))
	if num, ok := order.NormalizeTripNumber(q); ok {
		q = num
	}
	list, total, err := s.deps.Support.Orders.PurchaseOrders(r.Context(), ordersrm.AdminFilter{Query: q, Limit: 20})
	if err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	type hit struct {
		ID       string       `json:"id"`
		Status   order.Status `json:"status"`
		Customer string       `json:"customer"`
		Email    string       `json:"email"`
		Day      string       `json:"day"`
		PlacedAt time.Time    `json:"placed_at"`
	}
	out := make([]hit, len(list))
	for i, o := range list {
		out[i] = hit{ID: o.ID, Status: o.Status, Customer: strings.TrimSpace(o.Contact.FirstName + " " + o.Contact.LastName),
			Email: o.Contact.Email, Day: string(o.Trip.Day), PlacedAt: o.PlacedAt}
	}
	httpx.WriteJSON(w, http.StatusOK, map[string]any{"data": out, "total": total})
}

// supportHistory answers an order's events and its state folded up to version at (default: the last).
func (s *Server) supportHistory(w http.ResponseWriter, r *http.Request) {
	num, ok := order.NormalizeTripNumber(mux.Vars(r)["id"])
	if !ok {
		httpx.WriteError(w, r, order.ErrOrderNotFound)
		return
	}
	ctx := r.Context()
	recs, err := s.readStream(ctx, eventstore.StreamID("order", num))
	if errors.Is(err, ErrStreamNotFound) {
		err = order.ErrOrderNotFound
	}
	if err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	last := recs[len(recs)-1].Version
	at := last
	if raw := strings.TrimSpace(r.URL.Query().Get("at")); raw != "" {
		n, err := strconv.ParseInt(raw, 10, 64)
		if err != nil || n < 0 || n > last {
			v := &domain.ValidationError{}
			v.Add("at", errHistoryVersionField)
			httpx.WriteError(w, r, v)
			return
		}
		at = n
	}
	state := order.Decider.Initial()
	events := make([]recordedJSON, len(recs))
	for i, rec := range recs {
		events[i] = toRecordedJSON(rec)
		if rec.Version > at {
			continue
		}
		v, err := s.deps.Support.Registry.Decode(rec)
		if err != nil {
			httpx.WriteError(w, r, fmt.Errorf("support: decode %s@%d: %w", rec.StreamID, rec.Version, err))
			return
		}
		e, ok := v.(order.Event)
		if !ok {
			httpx.WriteError(w, r, fmt.Errorf("support: %s@%d is a %s, not an order event", rec.StreamID, rec.Version, rec.Type))
			return
		}
		state = order.Decider.Evolve(state, e)
	}
	related := []string{eventstore.StreamID("dispatch", num)}
	for _, e := range events {
		var p struct {
			PaymentID string `json:"payment_id"`
		}
		if e.Type == "PaymentRequested" && json.Unmarshal(e.Data, &p) == nil && p.PaymentID != "" {
			related = append(related, eventstore.StreamID("payment", p.PaymentID))
		}
	}
	httpx.WriteJSON(w, http.StatusOK, map[string]any{"data": map[string]any{
		"order_id": num, "version": last, "at": at, "events": events, "state": OrderStateView(state), "related_streams": related,
		// The compensating actions support may take, on the admin order endpoints.
		"actions": map[string]string{"cancel": "/api/admin/orders/" + num + "/cancel", "refund": "/api/admin/orders/" + num + "/refund"},
	}})
}

// OrderStateView renders an order's folded state for a support person to read.
func OrderStateView(s order.State) map[string]any {
	if !s.Exists() {
		return map[string]any{"status": "none"}
	}
	view := map[string]any{
		"status": s.Status(), "order_id": s.ID(), "user_id": s.UserID(), "email": s.Email(),
		"trip": s.Trip(), "reservation": s.Reservation(), "hold_until": s.HoldUntil(),
		"price": s.Price(), "paid": s.Paid(), "refunded": s.Refunded(), "owed": s.Owed(), "underpaid": s.Underpaid(),
		"needs_attention": s.NeedsAttention(), "attention": nonNil(s.AttentionReasons()), "refund_requested": s.RefundRequested(),
		"cancellation_policy": s.Cancellation(), "current_payment_id": s.CurrentPaymentID(),
	}
	if x, ok := s.PendingExchange(); ok {
		view["pending_exchange"] = map[string]any{"id": x.ID, "to": x.To, "difference": x.Difference, "hold_until": x.HoldUntil, "payment_id": x.PaymentID}
	}
	return view
}

// rebuilds remembers which rebuilds this process started, so a second request answers 409 at once.
var rebuilds sync.Map

func (s *Server) rebuildProjection(w http.ResponseWriter, r *http.Request) {
	name := mux.Vars(r)["name"]
	var p projections.Projection
	for _, c := range s.deps.Support.Projections {
		if c.Name() == name {
			p = c
		}
	}
	if p == nil {
		httpx.WriteError(w, r, ErrProjectionNotFound)
		return
	}
	if _, running := rebuilds.LoadOrStore(name, true); running {
		httpx.WriteError(w, r, ErrRebuildAlreadyRuns)
		return
	}
	id, _ := httpx.CurrentIdentity(r)
	log := s.deps.Logger.With("projection", name, "by", id.UserID)
	// The rebuild outlives the request; it is bounded on its own.
	ctx, cancel := context.WithTimeout(context.WithoutCancel(r.Context()), time.Hour)
	go func() {
		defer cancel()
		defer rebuilds.Delete(name)
		var lastPush time.Time
		err := projections.Rebuild(ctx, s.deps.Pool, s.deps.Store, p, func(pr projections.RebuildProgress) {
			if pr.Phase == projections.PhaseReplay && time.Since(lastPush) < 250*time.Millisecond {
				return
			}
			lastPush = time.Now()
			s.pushRebuild(ctx, map[string]any{"projection": name, "phase": pr.Phase, "events": pr.Events, "total": pr.Total,
				"percent": pr.Percent, "events_per_second": pr.EventsPerSecond})
		})
		if err != nil {
			log.Error("support: rebuild failed", "err", err)
			s.pushRebuild(ctx, map[string]any{"projection": name, "phase": "failed", "error": err.Error()})
			return
		}
		log.Info("support: rebuild done")
	}()
	httpx.WriteJSON(w, http.StatusAccepted, map[string]any{"data": map[string]any{"projection": name, "started": true}})
}

// pushRebuild sends a rebuild's progress to the admin room through the live channel of every process.
func (s *Server) pushRebuild(ctx context.Context, data map[string]any) {
	err := pgx.BeginFunc(ctx, s.deps.Pool, func(tx pgx.Tx) error {
		return projections.Notify(ctx, tx, EventRebuildProgress, map[string]any{"room": "admin", "event": EventRebuildProgress, "data": data})
	})
	if err != nil {
		s.deps.Logger.Warn("support: rebuild progress not pushed", "err", err)
	}
}
