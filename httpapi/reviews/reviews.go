// Package reviews serves travellers' reviews: the traveller's own review of their order's trip (and
// "rate your trip"), the ratings and approved reviews the destination, program and home pages show,
// and staff's moderation. It decodes, calls the reviews application (commands/reviews) and encodes.
package reviews

import (
	"encoding/json"
	"net/http"
	"strconv"
	"strings"

	"github.com/gorilla/mux"

	appreviews "mishwar/commands/reviews"
	"mishwar/domain"
	"mishwar/eventstore"
	"mishwar/httpapi/httpx"
	"mishwar/internal/i18n"
)

// Config is what the API needs besides its application.
type Config struct {
	Idempotency httpx.IdempotencyStore
	ReadModels  httpx.ReadModels
}

// Handler is the reviews API.
type Handler struct {
	app appreviews.Application
	cfg Config
}

// New returns the routes over their application.
func New(app appreviews.Application, cfg Config) *Handler { return &Handler{app: app, cfg: cfg} }

// Routes mounts the traveller's, the public and staff's routes.
func (h *Handler) Routes(api *mux.Router) {
	idem := func(f http.HandlerFunc) http.HandlerFunc {
		return httpx.Idempotent(h.cfg.Idempotency, nil)(f).ServeHTTP
	}
	api.HandleFunc("/orders/{id}/review", httpx.RequireUser(h.mine)).Methods(http.MethodGet)
	api.HandleFunc("/orders/{id}/review", httpx.RequireUser(idem(h.submit))).Methods(http.MethodPost)
	api.HandleFunc("/reviews", h.recent).Methods(http.MethodGet)
	api.HandleFunc("/destinations/{ref}/reviews", h.destination).Methods(http.MethodGet)
	api.HandleFunc("/programs/{ref}/reviews", h.program).Methods(http.MethodGet)
	staff := func(f http.HandlerFunc) http.HandlerFunc {
		return httpx.RequireRole(f, httpx.RoleAdmin, httpx.RoleSupport)
	}
	api.HandleFunc("/admin/reviews", staff(h.moderation)).Methods(http.MethodGet)
	api.HandleFunc("/admin/reviews/{id}/approve", staff(idem(h.approve))).Methods(http.MethodPost)
	api.HandleFunc("/admin/reviews/{id}/reject", staff(idem(h.reject))).Methods(http.MethodPost)
}

// limit reads ?limit= (1–100; 0 when absent).
func limit(w http.ResponseWriter, r *http.Request) (int, bool) {
	n, err := httpx.QueryInt(r, "limit", 0, 1, 100, "reviews.bad_limit")
	if err != nil {
		httpx.WriteError(w, r, err)
		return 0, false
	}
	return n, true
}

func (h *Handler) mine(w http.ResponseWriter, r *http.Request) {
	id, _ := httpx.CurrentIdentity(r)
	m, err := h.app.Queries.Mine.Handle(r.Context(), mux.Vars(r)["id"], id.UserID)
	if err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	out := map[string]any{"data": m.Review, "can_review": m.CanReview}
	if m.Refusal != "" {
		out["reason"] = i18n.T(httpx.Lang(r), m.Refusal)
	}
	httpx.WriteJSON(w, http.StatusOK, out)
}

func (h *Handler) submit(w http.ResponseWriter, r *http.Request) {
	var req struct {
		Rating json.RawMessage `json:"rating"`
		Text   string          `json:"text"`
	}
	if err := httpx.DecodeBody(w, r, &req); err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	rating, err := strconv.Atoi(strings.Trim(strings.TrimSpace(string(req.Rating)), `"`))
	if err != nil {
		v := &domain.ValidationError{}
		v.Add("rating", "reviews.bad_rating_type")
		httpx.WriteError(w, r, v)
		return
	}
	pos, orderID, err := h.app.Commands.Submit.Handle(r.Context(), mux.Vars(r)["id"],
		appreviews.Submission{Rating: rating, Text: req.Text, Lang: string(httpx.Lang(r))}, httpx.Meta(r))
	if err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	h.answerReview(w, r, pos, orderID, http.StatusCreated)
}

// answerReview waits for the read model to hold the write at pos and answers the review.
func (h *Handler) answerReview(w http.ResponseWriter, r *http.Request, pos eventstore.Position, orderID string, status int) {
	if err := httpx.WaitForReadModel(r.Context(), h.cfg.ReadModels, appreviews.ReadModel, pos); err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	rv, err := h.app.Queries.Moderation.Review(r.Context(), orderID)
	if err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	httpx.WriteJSON(w, status, map[string]any{"data": rv})
}

func (h *Handler) recent(w http.ResponseWriter, r *http.Request) {
	n, ok := limit(w, r)
	if !ok {
		return
	}
	rs, err := h.app.Queries.Published.Recent(r.Context(), n)
	if err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	httpx.WriteJSON(w, http.StatusOK, map[string]any{"data": rs})
}

func (h *Handler) destination(w http.ResponseWriter, r *http.Request) {
	n, ok := limit(w, r)
	if !ok {
		return
	}
	rated, err := h.app.Queries.Published.Destination(r.Context(), mux.Vars(r)["ref"], n)
	if err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	httpx.WriteJSON(w, http.StatusOK, map[string]any{"data": rated.Reviews, "rating": rated.Rating})
}

func (h *Handler) program(w http.ResponseWriter, r *http.Request) {
	n, ok := limit(w, r)
	if !ok {
		return
	}
	rated, err := h.app.Queries.Published.Program(r.Context(), mux.Vars(r)["ref"], n)
	if err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	httpx.WriteJSON(w, http.StatusOK, map[string]any{"data": rated.Reviews, "rating": rated.Rating})
}

func (h *Handler) moderation(w http.ResponseWriter, r *http.Request) {
	n, ok := limit(w, r)
	if !ok {
		return
	}
	rs, err := h.app.Queries.Moderation.Handle(r.Context(), r.URL.Query().Get("status"), n)
	if err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	httpx.WriteJSON(w, http.StatusOK, map[string]any{"data": rs})
}

func (h *Handler) approve(w http.ResponseWriter, r *http.Request) {
	pos, orderID, err := h.app.Commands.Moderate.Approve(r.Context(), mux.Vars(r)["id"], httpx.Meta(r))
	if err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	h.answerReview(w, r, pos, orderID, http.StatusOK)
}

func (h *Handler) reject(w http.ResponseWriter, r *http.Request) {
	var req struct {
		Reason string `json:"reason"`
	}
	if err := httpx.DecodeBody(w, r, &req); err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	pos, orderID, err := h.app.Commands.Moderate.Reject(r.Context(), mux.Vars(r)["id"], req.Reason, httpx.Meta(r))
	if err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	h.answerReview(w, r, pos, orderID, http.StatusOK)
}
