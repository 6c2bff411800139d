// Package support is the support console's API: any stream's events with their metadata, an order's
// history with its state folded up to any version, order search, and read-model rebuilds. It
// decodes, calls the support application (commands/support) and encodes; nothing here changes an
// order (support staff use the admin order endpoints to cancel or refund).
package support

import (
	"encoding/json"
	"net/http"
	"strings"
	"time"

	"github.com/gorilla/mux"

	appsupport "mishwar/commands/support"
	"mishwar/domain/mailbox"
	"mishwar/domain/order"
	"mishwar/eventstore"
	"mishwar/httpapi/httpx"
)

// Handler is the support console's part of the API.
type Handler struct {
	app         appsupport.Application
	idempotency httpx.IdempotencyStore
}

// New returns the support routes over their application; idempotency keeps the answers to
// Idempotency-Keys of the rebuild route.
func New(app appsupport.Application, idempotency httpx.IdempotencyStore) *Handler {
	return &Handler{app: app, idempotency: idempotency}
}

// Routes mounts the support console for admins and support staff.
func (h *Handler) Routes(api *mux.Router) {
	staff := func(f http.HandlerFunc) http.HandlerFunc {
		return httpx.RequireRole(f, httpx.RoleAdmin, httpx.RoleSupport)
	}
	api.HandleFunc("/support/streams/{stream}", staff(h.stream)).Methods(http.MethodGet)
	api.HandleFunc("/support/orders", staff(h.search)).Methods(http.MethodGet)
	api.HandleFunc("/support/orders/{id}/history", staff(h.history)).Methods(http.MethodGet)
	api.HandleFunc("/support/orders/{id}/mail", staff(h.mail)).Methods(http.MethodGet)
	api.HandleFunc("/admin/projections/{name}/rebuild", staff(httpx.Idempotent(h.idempotency, nil)(http.HandlerFunc(h.rebuild)).ServeHTTP)).Methods(http.MethodPost)
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
	// What a person reads: the type and the event in words, who did it, and on an order's history
	// the order's card after the event.
	TypeLabel string             `json:"type_label"`
	Summary   string             `json:"summary"`
	Actor     personJSON         `json:"actor"`
	Fields    []appsupport.Field `json:"fields,omitempty"`
}

type personJSON struct {
	ID    string `json:"id"`
	Name  string `json:"name"`
	Role  string `json:"role"`
	Label string `json:"label"`
}

func toRecordedJSON(v appsupport.EventView) recordedJSON {
	rec := v.Record
	data := rec.Data
	if len(data) == 0 {
		data = json.RawMessage("null")
	}
	summary := v.Summary
	if summary == "" {
		summary = v.TypeLabel
	}
	return recordedJSON{ID: rec.ID.String(), Stream: rec.StreamID, Type: rec.Type, SchemaVersion: rec.SchemaVersion, Version: rec.Version,
		Position: rec.Position, RecordedAt: rec.RecordedAt.UTC(), Data: data, Metadata: rec.Metadata,
		TypeLabel: v.TypeLabel, Summary: summary, Actor: personJSON(v.Actor), Fields: v.Fields}
}

func toRecordedList(views []appsupport.EventView) []recordedJSON {
	out := make([]recordedJSON, len(views))
	for i, v := range views {
		out[i] = toRecordedJSON(v)
	}
	return out
}

func (h *Handler) stream(w http.ResponseWriter, r *http.Request) {
	recs, err := h.app.Queries.Stream.Handle(r.Context(), mux.Vars(r)["stream"], httpx.Lang(r))
	if err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	httpx.WriteJSON(w, http.StatusOK, map[string]any{"data": toRecordedList(recs)})
}

type hitJSON struct {
	ID          string       `json:"id"`
	Status      order.Status `json:"status"`
	StatusLabel string       `json:"status_label"`
	Customer    string       `json:"customer"`
	FirstName   string       `json:"first_name"`
	LastName    string       `json:"last_name"`
	Email       string       `json:"email"`
	Phone       string       `json:"phone"`
	Day         string       `json:"day"`
	PlacedAt    time.Time    `json:"placed_at"`
}

func (h *Handler) search(w http.ResponseWriter, r *http.Request) {
	list, total, err := h.app.Queries.SearchOrders.Handle(r.Context(), r.URL.Query().Get("q"))
	if err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	lang := httpx.Lang(r)
	out := make([]hitJSON, len(list))
	for i, o := range list {
		out[i] = hitJSON{ID: o.ID, Status: o.Status, StatusLabel: appsupport.StatusLabel(lang, o.Status),
			Customer: strings.TrimSpace(o.FirstName + " " + o.LastName), FirstName: o.FirstName, LastName: o.LastName,
			Email: o.Email, Phone: o.Phone, Day: o.Day, PlacedAt: o.PlacedAt}
	}
	httpx.WriteJSON(w, http.StatusOK, map[string]any{"data": out, "total": total})
}

// history answers an order's events and its state folded up to version at (default: the last).
func (h *Handler) history(w http.ResponseWriter, r *http.Request) {
	hist, err := h.app.Queries.OrderHistory.Handle(r.Context(), mux.Vars(r)["id"], r.URL.Query().Get("at"), httpx.Lang(r))
	if err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	num := hist.OrderID
	timeline := make([]momentJSON, len(hist.Timeline))
	for i, m := range hist.Timeline {
		part := "order"
		if m.Trip {
			part = "trip"
		}
		timeline[i] = momentJSON{recordedJSON: toRecordedJSON(m.EventView), Part: part, FromVersion: m.From}
	}
	streams := make([]string, len(hist.Related))
	related := make([]relatedJSON, len(hist.Related))
	for i, r := range hist.Related {
		streams[i] = r.Stream
		related[i] = relatedJSON(r)
	}
	httpx.WriteJSON(w, http.StatusOK, map[string]any{"data": map[string]any{
		"order_id": num, "version": hist.Version, "at": hist.At, "events": toRecordedList(hist.Events), "state": orderStateView(hist.State),
		"timeline":        timeline,
		"card":            nonNil(hist.Card),
		"driver":          nonNil(hist.Driver),
		"related_streams": streams,
		"related":         related,
		// The compensating actions support may take, on the admin order endpoints.
		"actions": map[string]string{"cancel": "/api/admin/orders/" + num + "/cancel", "refund": "/api/admin/orders/" + num + "/refund"},
	}})
}

// mail answers the e-mails recorded about an order (its own, its enquiry's, its trip's), oldest first.
func (h *Handler) mail(w http.ResponseWriter, r *http.Request) {
	list, err := h.app.Queries.OrderMail.Handle(r.Context(), mux.Vars(r)["id"])
	if err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	if list == nil {
		list = []mailbox.Summary{}
	}
	httpx.WriteJSON(w, http.StatusOK, map[string]any{"data": list})
}

// momentJSON is one entry of an order's timeline: an event of the order ("order") or of its trip
// ("trip"), and the order's version from which replay counts it as happened.
type momentJSON struct {
	recordedJSON
	Part        string `json:"part"`
	FromVersion int64  `json:"from_version"`
}

// relatedJSON is a stream the order's story continues on, named in the request's language.
type relatedJSON struct {
	Stream string `json:"stream"`
	Kind   string `json:"kind"`
	Label  string `json:"label"`
}

// orderStateView renders an order's folded state for a support person to read.
func orderStateView(s order.State) map[string]any {
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

func (h *Handler) rebuild(w http.ResponseWriter, r *http.Request) {
	name := mux.Vars(r)["name"]
	id, _ := httpx.CurrentIdentity(r)
	if err := h.app.Commands.RebuildProjection.Handle(r.Context(), name, id.UserID); err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	httpx.WriteJSON(w, http.StatusAccepted, map[string]any{"data": map[string]any{"projection": name, "started": true}})
}

// nonNil answers an empty list as [] rather than null.
func nonNil[T any](xs []T) []T {
	if xs == nil {
		return []T{}
	}
	return xs
}
