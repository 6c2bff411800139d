// Package notifications serves the signed-in user's notifications (the bell): the newest ones with
// the unread count, and "mark all read". It decodes, calls the notifications application
// (commands/notifications) and encodes.
package notifications

import (
	"net/http"

	"github.com/gorilla/mux"

	appnotifications "mishwar/commands/notifications"
	"mishwar/httpapi/httpx"
)

// Config is what the API needs besides its application.
type Config struct {
	Idempotency httpx.IdempotencyStore
	ReadModels  httpx.ReadModels
}

// Handler is the notifications API.
type Handler struct {
	app appnotifications.Application
	cfg Config
}

// New returns the routes over their application.
func New(app appnotifications.Application, cfg Config) *Handler { return &Handler{app: app, cfg: cfg} }

// Routes mounts GET /api/notifications and POST /api/notifications/read for signed-in users.
func (h *Handler) Routes(api *mux.Router) {
	api.HandleFunc("/notifications", httpx.RequireUser(h.list)).Methods(http.MethodGet)
	api.HandleFunc("/notifications/read", httpx.RequireUser(httpx.Idempotent(h.cfg.Idempotency, nil)(http.HandlerFunc(h.markRead)).ServeHTTP)).Methods(http.MethodPost)
}

func (h *Handler) list(w http.ResponseWriter, r *http.Request) {
	limit, err := httpx.QueryInt(r, "limit", 0, 1, 100, "notifications.bad_limit")
	if err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	h.answer(w, r, limit)
}

func (h *Handler) answer(w http.ResponseWriter, r *http.Request, limit int) {
	id, _ := httpx.CurrentIdentity(r)
	in, err := h.app.Queries.Inbox.Handle(r.Context(), id.UserID, limit)
	if err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	httpx.WriteJSON(w, http.StatusOK, map[string]any{"data": in.Items, "unread": in.Unread, "read_up_to": in.ReadUpTo})
}

func (h *Handler) markRead(w http.ResponseWriter, r *http.Request) {
	var req struct {
		UpTo int64 `json:"up_to"`
	}
	if err := httpx.DecodeBody(w, r, &req); err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	id, _ := httpx.CurrentIdentity(r)
	pos, err := h.app.Commands.MarkRead.Handle(r.Context(), id.UserID, req.UpTo, httpx.Meta(r))
	if err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	if err := httpx.WaitForReadModel(r.Context(), h.cfg.ReadModels, appnotifications.ReadModel, pos); err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	h.answer(w, r, 0)
}
